// The chunks of one byte range of a transcript: read, redacted, rendered and packed, the same every time.
import { WATCHER_CHUNK_SPLIT_CHARS } from '@svc/contract';
import { redactSecrets } from '@svc/secrets';
import { planChunks } from '../chunking/plan-chunks';
import { readLines, type ReadResult } from '../sources/read-lines';
import { renderTurn, type SourceKind } from '../sources/turn';

export interface RangeChunks {
  chunks: string[];
  read: ReadResult;
  /** How many secrets were replaced before anything left the machine. */
  redacted: number;
}

/** Redaction runs per turn, before packing, so no credential is ever split across two chunks unseen. */
export async function chunksForRange(
  path: string,
  kind: SourceKind,
  start: number,
  end: number,
): Promise<RangeChunks> {
  const read = await readLines(path, kind, start, end);
  let redacted = 0;
  const rendered: string[] = [];
  for (const turn of read.turns) {
    const clean = await redactSecrets(turn.text);
    redacted += clean.kinds.length;
    rendered.push(renderTurn({ ...turn, text: clean.text }));
  }
  return { chunks: planChunks(rendered, WATCHER_CHUNK_SPLIT_CHARS), read, redacted };
}
