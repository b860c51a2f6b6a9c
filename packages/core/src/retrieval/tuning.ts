// The ranking constants of hybrid search, each chosen by measurement on LoCoMo (see bench/README.md).
import { z } from 'zod';

export const FUSION_METHODS = ['score', 'rrf'] as const;
export type FusionMethod = (typeof FUSION_METHODS)[number];

export const retrievalTuningSchema = z.object({
  /** BM25 term-frequency saturation. */
  k1: z.number().positive().default(1.2),
  /**
   * BM25 length normalisation. 0.3 rather than the textbook 0.75: a short reply ("Yes, at the
   * lake!") is as likely to be the answer as a long message (LoCoMo R@5 +0.03 at 0.3).
   */
  b: z.number().min(0).max(1).default(0.3),
  /** BM25F weight of the neighbouring memories' words (field C): +0.08 R@5 on LoCoMo. */
  contextWeight: z.number().min(0).default(0.35),
  /** BM25F weight of the month and year of the event (field D). */
  dateWeight: z.number().min(0).default(0.5),
  /** Added (in BM25 units, about one mid-frequency word) when the query names the speaker. */
  speakerBonus: z.number().min(0).default(1),
  /**
   * Added to the fused score (then renormalised to 0..1) of a memory whose event time lies in the
   * time the query names ("in May 2023", "last year"): a question about a time prefers what
   * happened then.
   */
  timeBonus: z.number().min(0).default(0.3),
  /**
   * Added likewise, when the query asks when ("When did…"), to a memory whose text dates what it
   * tells ("yesterday", "last week", "in 2022"): most answers to such questions say when.
   */
  whenBonus: z.number().min(0).default(0.1),
  /**
   * How fused scores are made. `score`: (lexical/best lexical + w·cosine) / (1 + w), which keeps
   * how far apart the lexical scores are; rank fusion (`rrf`) throws that away and measured worse
   * once the lexical ranker was strong (R@5 0.746 → 0.678 at K=60).
   */
  fusion: z.enum(FUSION_METHODS).default('score'),
  /** Weight of cosine similarity against the normalised lexical score (score fusion). */
  vectorWeight: z.number().min(0).default(0.5),
  /**
   * Weight (score fusion, beside vectorWeight) of the best cosine among the memories just before
   * and after a memory in its conversation or thread: an answer is often a short reply whose
   * meaning is in the turn before it (LoCoMo structured path R@1 +0.023, R@5 +0.020, R@10 +0.015).
   * A memory with no neighbours uses its own cosine, so it is not put behind conversational ones.
   * Given to the best candidates only (conversation-rescore.ts).
   */
  contextVectorWeight: z.number().min(0).default(0.5),
  /**
   * Factor on the cosine of the memory just before, in the adjacent cosine, when that memory asks
   * (its text ends in a question mark): the question a reply answers says what the reply is about,
   * and a query that matches it asks for that reply more surely than one matching a statement
   * beside it (LoCoMo R@1 +0.014 / +0.017, R@5 +0.009 / +0.008 on the structured / plain paths;
   * 1.4-1.6 measure alike). The larger of it and the plain best cosine counts, capped at 1.
   */
  questionBeforeFactor: z.number().min(1).default(1.5),
  /**
   * Share taken off the score of a memory whose text ends in a question mark: a memory that asks
   * states little, and the adjacent cosine lifts the question before an answer as much as the
   * answer (LoCoMo R@1 +0.011, R@5 +0.008 on top of contextVectorWeight 0.5).
   */
  questionPenalty: z.number().min(0).max(1).default(0.1),
  /** Reciprocal-rank constant and the lexical/vector weights when fusion is `rrf`. */
  rrfK: z.number().positive().default(10),
  rrfLexicalWeight: z.number().min(0).default(1),
  rrfVectorWeight: z.number().min(0).default(0.3),
  /**
   * Candidates each leg hands to fusion: at least this many, or 5·k when that is more (50 for
   * recall's default k of 10). LoCoMo scored the same with 50 as with 60 (one R@10 cell 0.001
   * higher), and at 100k each candidate costs page reads (its vector and its memory, checked;
   * decisions-performance.md).
   */
  candidateDepth: z.int().min(1).max(1000).default(40),
  /**
   * A query word in more documents than this is common: only memories with an uncommon word are
   * scored (see sql/lexical.ts). Bounds the lexical leg's work on large collections.
   */
  commonTermDocs: z.int().min(1).default(1000),
  /**
   * When every query word is common, how many of the newest memories holding all of them are
   * scored. Such words weigh little (low idf) and a recency window is already a choice; these
   * queries were recall's slowest at 100k memories when this was chosen (1000 scored: 51 ms of a
   * 67 ms statement, at about 50 µs a match then). Six times a recall of ten's depth (50).
   */
  commonConjunctionDocs: z.int().min(1).default(300),
  /**
   * Up to this many memories in the searched collection, the vector leg computes every distance
   * (exact) from the collection's own vectors; above it, it walks the HNSW index (approximate).
   * An exact read costs about 2.6 ms per 1000 vectors on the embedded database, so at this size
   * about what the HNSW leg costs at 100k (docs/contract/decisions-performance.md).
   */
  exactVectorDocs: z.int().min(0).default(5000),
  /** HNSW candidate list; the iterative scan goes past it when filters reject rows. */
  efSearch: z.int().min(1).max(1000).default(100),
});

export type RetrievalTuning = z.output<typeof retrievalTuningSchema>;
export type RetrievalTuningInput = z.input<typeof retrievalTuningSchema>;

export const DEFAULT_TUNING: RetrievalTuning = retrievalTuningSchema.parse({});

export function resolveTuning(input: RetrievalTuningInput = {}): RetrievalTuning {
  return retrievalTuningSchema.parse(input);
}
