// The watcher's memory between runs: per-file offsets and plans, and the last pass, kept in one JSON file.
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from './atomic-file';

const Identity = z.object({
  ino: z.number(),
  size: z.number(),
  headLength: z.number(),
  headHash: z.string(),
});

/** Chunks planned from bytes [start, end) under sequences firstSequence.., `acked` of them answered. */
const Plan = z.object({
  start: z.number(),
  end: z.number(),
  firstSequence: z.number(),
  count: z.number(),
  acked: z.number(),
});

const FileState = z.object({
  kind: z.enum(['claude-code', 'codex', 'plain']),
  sessionKey: z.string().optional(),
  projectHint: z.string().optional(),
  identity: Identity,
  offset: z.number(),
  nextSequence: z.number(),
  plan: Plan.optional(),
  sent: z.number().default(0),
  refused: z.number().default(0),
  lastError: z.string().optional(),
});

const PassRecord = z.object({
  runId: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  sent: z.number(),
  refused: z.number(),
  error: z.string().optional(),
});

const WatcherState = z.object({
  version: z.literal(1),
  files: z.record(z.string(), FileState),
  lastPass: PassRecord.optional(),
});

export type FileState = z.infer<typeof FileState>;
export type PassRecord = z.infer<typeof PassRecord>;
export type WatcherState = z.infer<typeof WatcherState>;

export const statePath = (stateDir: string) => join(stateDir, 'state.json');

export async function loadState(stateDir: string): Promise<WatcherState> {
  const raw = await readJsonFile(statePath(stateDir));
  if (raw === undefined) return { version: 1, files: {} };
  const parsed = WatcherState.safeParse(raw);
  // A state file we cannot read stops the watcher rather than being overwritten: the person decides.
  if (!parsed.success)
    throw new Error(`State file ${statePath(stateDir)} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

export async function saveState(stateDir: string, state: WatcherState): Promise<void> {
  await writeFileAtomic(statePath(stateDir), `${JSON.stringify(state, null, 2)}\n`);
}
