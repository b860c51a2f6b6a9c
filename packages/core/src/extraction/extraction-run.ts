// The extraction run of one transcript chunk: started by ingest_conversation, worked by the job queue.
import { and, desc, eq, sql } from 'drizzle-orm';
import { jobRuns, transcriptChunks, type Database } from '@svc/db';
import { redactSecrets } from '@svc/secrets';
import type { MemoryDeps } from '../memory/deps';
import type { RunQueue } from '../runs/run-queue';
import { startOrJoinRun, type RunRow } from '../runs/run-store';
import { offlineExtractor } from './offline-extractor';
import { storeExtracted, type StoreOutcome } from './store-extracted';
import type { Extractor } from './types';

export const EXTRACTION_JOB = 'extract-transcript';

export interface ExtractionParams {
  chunkId: string;
  scopeId: string;
  agent?: string;
  client?: string;
}

export interface ExtractionResult {
  memories_created: number;
  duplicates: number;
  conflicts: number;
  secrets_skipped: number;
  open_loops: number;
  memory_ids: string[];
}

const toResult = (o: StoreOutcome): ExtractionResult => ({
  memories_created: o.created.length,
  duplicates: o.duplicates,
  conflicts: o.conflicts,
  secrets_skipped: o.secretsSkipped,
  open_loops: o.openLoops,
  memory_ids: o.created,
});

/** The latest extraction run of a chunk, so a resent chunk reports it instead of starting another. */
async function latestRun(database: Database, ownerId: string, chunkId: string): Promise<RunRow | null> {
  const [row] = await database.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.jobName, EXTRACTION_JOB), eq(jobRuns.ownerId, ownerId), sql`${jobRuns.params}->>'chunkId' = ${chunkId}`))
    .orderBy(desc(jobRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/** A chunk is extracted once; only a chunk whose run failed (or never started) is queued again. */
export async function startExtraction(
  deps: MemoryDeps,
  queue: RunQueue,
  ownerId: string,
  params: ExtractionParams,
  requestId: string | undefined,
): Promise<{ row: RunRow; started: boolean }> {
  const last = await latestRun(deps.database, ownerId, params.chunkId);
  if (last && last.status !== 'failed') return { row: last, started: false };
  const started = await startOrJoinRun(deps.database, { jobName: EXTRACTION_JOB, ownerId, params: { ...params }, requestId });
  if (started.started) queue.enqueue(started.row);
  return started;
}

export async function runExtraction(
  deps: MemoryDeps,
  ownerId: string,
  params: ExtractionParams,
  opts: { runId?: string; signal?: AbortSignal } = {},
): Promise<ExtractionResult> {
  const extractor: Extractor = deps.extractor ?? offlineExtractor;
  const actor = { userId: ownerId, aal: 'aal2' as const };
  const [chunk] = await deps.database.asUser(actor, (tx) =>
    tx
      .select({ content: transcriptChunks.content, sessionKey: transcriptChunks.sessionKey, createdAt: transcriptChunks.createdAt })
      .from(transcriptChunks)
      .where(and(eq(transcriptChunks.id, params.chunkId), eq(transcriptChunks.ownerId, ownerId))),
  );
  // The chunk was deleted with its owner or project since: nothing left to extract.
  if (!chunk) return toResult({ created: [], toTranslate: [], duplicates: 0, conflicts: 0, secretsSkipped: 0, openLoops: 0 });
  // Redacted as a whole first: a secret cut across sentences (a key block) is caught before any split.
  const redacted = await redactSecrets(chunk.content);
  const found = await extractor.extract({ text: redacted.text, receivedAt: chunk.createdAt, userId: ownerId, ...opts });
  // Embedding is slow work done before the transaction, as remember does it.
  const indexer = deps.indexer ? { indexer: deps.indexer, prepared: await Promise.all(found.map((m) => deps.indexer!.prepare(m.content))) } : null;
  const origin = { ownerId, ...params, sessionKey: chunk.sessionKey, extractedBy: extractor.name };
  const stored = await deps.database.asUser(actor, (tx) => storeExtracted(tx, origin, found, indexer));
  // After the commit, as remember does, so the translation job finds the rows.
  for (const id of stored.toTranslate) deps.translation?.enqueue(id);
  return toResult(stored);
}
