// The seam between a transcript and its memories: what an extractor reads and what it hands back.
import type { MemoryKind } from '@svc/contract';

/** One turn of a conversation, whatever form the transcript was written in. */
export interface Turn {
  speaker: string;
  /** When the turn was said, if the transcript says so (a turn's own time or its session's date). */
  saidAt?: Date;
  text: string;
}

/** A memory an extractor found in a chunk; the pipeline checks and stores it. */
export interface ExtractedMemory {
  content: string;
  kind: MemoryKind;
  /** True for a commitment or a thing still to do (an open loop). */
  loop: boolean;
  eventAt?: Date;
  speaker: string;
  saidAt?: Date;
  /** Position of the turn it came from in the chunk (0-based), for provenance finer than the chunk. */
  turn: number;
}

export interface ExtractionInput {
  text: string;
  /** Dates written relative to "now" ("yesterday") are read against this when the text gives none. */
  receivedAt: Date;
  /** For a model call's usage record and logs. */
  userId?: string;
  runId?: string;
  signal?: AbortSignal;
}

/**
 * The offline extractor implements this; a model-backed one plugs in beside it. Must be
 * deterministic for a given input so re-processing a chunk finds its own earlier output as duplicates.
 */
export interface Extractor {
  /** Recorded on each memory as `metadata.extracted_by`. */
  readonly name: string;
  extract(input: ExtractionInput): Promise<ExtractedMemory[]>;
}
