// Fusion of the lexical and vector signals into one 0..1 score, and the tie-breaking order.
import type { RetrievalTuning } from './tuning';

export interface Signals {
  /** BM25F score; null when the memory shares no word with the query. */
  lexScore: number | null;
  /** 1-based rank in the lexical leg; null when outside it. */
  lexRank: number | null;
  /** Cosine similarity with the query; null without vectors. */
  cosine: number | null;
  vecRank: number | null;
  /**
   * Best cosine among the memories just before and after it in its conversation or thread; null
   * when it has none with a vector (its own cosine then stands in). Absent when the search did not
   * look at neighbours: the signal's weight is then left out, as a leg that did not run.
   */
  contextCosine?: number | null;
}

export interface FusionContext {
  /** Best lexical score among the candidates (the normaliser of score fusion). */
  maxLex: number;
  /** Whether each leg ran: a leg that did not run must not cap the score below 1. */
  lexical: boolean;
  vector: boolean;
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/**
 * Score fusion: (lex/maxLex + w·cos⁺ + c·ctxcos⁺) / (1 + w + c), ctxcos the best cosine of the
 * adjacent memories (its own cosine when it has none). The lexical part keeps relative distances
 * that rank fusion drops; cosines enter raw (USE cosines cluster in 0.1..0.7), so a strong keyword
 * match is not overturned by a middling semantic one. Weights of legs that did not run are left
 * out, so a lexical-only or vector-only search still reaches 1.
 */
export function scoreFusion(s: Signals, ctx: FusionContext, t: RetrievalTuning): number {
  const wl = ctx.lexical ? 1 : 0;
  const wv = ctx.vector ? t.vectorWeight : 0;
  const wc = ctx.vector && s.contextCosine !== undefined ? t.contextVectorWeight : 0;
  if (wl + wv + wc === 0) return 0;
  const lex = ctx.maxLex > 0 && s.lexScore !== null ? s.lexScore / ctx.maxLex : 0;
  const cos = s.cosine === null ? 0 : clamp01(s.cosine);
  const around = clamp01(s.contextCosine ?? cos);
  return clamp01((wl * clamp01(lex) + wv * cos + wc * around) / (wl + wv + wc));
}

/** The fused score of a memory that asks (its text ends in a question mark) loses `questionPenalty` of itself. */
export function questionFactor(asks: boolean | null | undefined, t: RetrievalTuning): number {
  return asks ? 1 - t.questionPenalty : 1;
}

/** Weighted reciprocal rank fusion, divided by its best possible value (rank 1 in every leg). */
export function rrfFusion(s: Signals, ctx: FusionContext, t: RetrievalTuning): number {
  const wl = ctx.lexical ? t.rrfLexicalWeight : 0;
  const wv = ctx.vector ? t.rrfVectorWeight : 0;
  const best = (wl + wv) / (t.rrfK + 1);
  if (best === 0) return 0;
  const part = (w: number, rank: number | null) => (rank === null ? 0 : w / (t.rrfK + rank));
  return clamp01((part(wl, s.lexRank) + part(wv, s.vecRank)) / best);
}

export function fuse(s: Signals, ctx: FusionContext, t: RetrievalTuning): number {
  return t.fusion === 'rrf' ? rrfFusion(s, ctx, t) : scoreFusion(s, ctx, t);
}

/** Standing guidance first: on equal scores an instruction or decision outranks a passing note. */
const KIND_ORDER: Record<string, number> = {
  instruction: 0,
  decision: 1,
  preference: 2,
  fact: 3,
  event: 4,
  observation: 5,
  note: 6,
};

export interface Rankable {
  memoryId: string;
  score: number;
  kind: string;
  importance: number;
  /** Event time, else write time (ms since epoch). */
  orderedAt: number;
}

/** Score, then kind, then importance, then recency; the id last so the order is total. */
export function compareRanked(a: Rankable, b: Rankable): number {
  return (
    b.score - a.score ||
    (KIND_ORDER[a.kind] ?? 7) - (KIND_ORDER[b.kind] ?? 7) ||
    b.importance - a.importance ||
    b.orderedAt - a.orderedAt ||
    (a.memoryId < b.memoryId ? -1 : a.memoryId > b.memoryId ? 1 : 0)
  );
}
