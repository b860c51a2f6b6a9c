// The ablation ladder: each step adds one technique to the one before, all on one loaded database.
import type { RetrievalTuningInput } from '@svc/core';
import type { AskMode } from './driver';

export interface Variant {
  name: string;
  mode: AskMode | 'fts' | 'ts_rank';
  tuning?: RetrievalTuningInput;
}

/** The signals added after score fusion, left out of the rows before them. */
export const WITHOUT_NEIGHBOUR_SIGNALS: RetrievalTuningInput = { contextVectorWeight: 0, questionPenalty: 0 };

const plainBm25: RetrievalTuningInput = {
  ...WITHOUT_NEIGHBOUR_SIGNALS,
  b: 0.75,
  contextWeight: 0,
  speakerBonus: 0,
  dateWeight: 0,
};

export const ABLATION: Variant[] = [
  { name: 'ts_rank_cd, any query word (core ftsRetriever, the server default today)', mode: 'fts' },
  { name: 'ts_rank, any query word', mode: 'ts_rank' },
  { name: 'BM25 in SQL + stemming/stopwords (k1 1.2, b 0.75)', mode: 'keyword', tuning: plainBm25 },
  { name: '+ length normalisation b 0.3', mode: 'keyword', tuning: { ...plainBm25, b: 0.3 } },
  {
    name: '+ context field: 2 neighbours each side (BM25F, w 0.35)',
    mode: 'keyword',
    tuning: { ...plainBm25, b: 0.3, contextWeight: 0.35 },
  },
  {
    name: '+ speaker field (bonus 1.0)',
    mode: 'keyword',
    tuning: { ...plainBm25, b: 0.3, contextWeight: 0.35, speakerBonus: 1 },
  },
  { name: '+ date field (w 0.5) = lexical leg', mode: 'keyword', tuning: WITHOUT_NEIGHBOUR_SIGNALS },
  {
    name: '+ vectors, rank fusion (RRF K 60, vector weight 0.5)',
    mode: 'hybrid',
    tuning: { ...WITHOUT_NEIGHBOUR_SIGNALS, fusion: 'rrf', rrfK: 60, rrfVectorWeight: 0.5 },
  },
  {
    name: '+ vectors, rank fusion (RRF K 10, vector weight 0.3)',
    mode: 'hybrid',
    tuning: { ...WITHOUT_NEIGHBOUR_SIGNALS, fusion: 'rrf', rrfK: 10, rrfVectorWeight: 0.3 },
  },
  { name: '+ vectors, score fusion (w 0.5)', mode: 'hybrid', tuning: WITHOUT_NEIGHBOUR_SIGNALS },
  {
    name: "+ adjacent memories' cosine (w 0.5)",
    mode: 'hybrid',
    tuning: { questionPenalty: 0, questionBeforeFactor: 1 },
  },
  { name: '+ a memory that asks loses 10%', mode: 'hybrid', tuning: { questionBeforeFactor: 1 } },
  { name: '+ the question just before counts 1.5 times = default hybrid', mode: 'hybrid', tuning: {} },
  { name: 'vector search alone (HNSW, cosine)', mode: 'semantic', tuning: WITHOUT_NEIGHBOUR_SIGNALS },
];

/** `--tune`: the time signals of recall, each against the default hybrid (dev conversations only). */
export const TIME_TUNING: Variant[] = [
  { name: 'hybrid, no time signals', mode: 'hybrid', tuning: { timeBonus: 0, whenBonus: 0 } },
  ...[0.15, 0.3, 0.5].map((timeBonus) => ({ name: `time named in the query: bonus ${timeBonus}`, mode: 'hybrid' as const, tuning: { timeBonus, whenBonus: 0 } })),
  ...[0.05, 0.1, 0.2].map((whenBonus) => ({ name: `"when" question, text states a time: bonus ${whenBonus}`, mode: 'hybrid' as const, tuning: { timeBonus: 0.3, whenBonus } })),
];
