// One pass over every source: each file's new lines shipped under one run id, the outcome recorded in the state.
import { randomBytes } from 'node:crypto';
import type { IngestClient } from '../client/ingest-client';
import type { Logger } from '../log';
import { discover, type Source } from '../sources/discover';
import { loadState, saveState, type WatcherState } from '../state/state-store';
import { passFile } from './file-pass';

export interface PassDeps {
  stateDir: string;
  sources: readonly Source[];
  connect: () => Promise<IngestClient>;
  log: Logger;
}

/** Sortable by time and unique across laptops; only characters the contract allows in run_id. */
export function newRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}-${randomBytes(4).toString('hex')}`;
}

/** A file that vanished or cannot be read is that file's problem; the server's problems stop the pass. */
const isFileError = (err: unknown) =>
  ['ENOENT', 'EACCES', 'EPERM', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

export async function runPass(deps: PassDeps): Promise<WatcherState> {
  const state = await loadState(deps.stateDir);
  const runId = newRunId();
  const totals = { sent: 0, refused: 0 };
  const lastPass: WatcherState['lastPass'] = {
    runId,
    startedAt: new Date().toISOString(),
    ...totals,
  };
  state.lastPass = lastPass;
  const save = () => saveState(deps.stateDir, state);
  const files = await discover(deps.sources);
  deps.log.debug('pass_started', { run_id: runId, files: files.length });
  // Connected on the first chunk: a pass with nothing new never touches the network.
  let connected: IngestClient | undefined;
  const client: IngestClient = {
    send: async (chunk) => (connected ??= await deps.connect()).send(chunk),
    close: async () => connected?.close(),
  };
  try {
    for (const file of files) {
      try {
        await passFile(
          file,
          state.files[file.path],
          { client, runId, log: deps.log, save, totals },
          (st) => (state.files[file.path] = st),
        );
      } catch (err) {
        if (!isFileError(err)) throw err;
        deps.log.warn('file_skipped', { path: file.path, reason: (err as Error).message });
      }
    }
  } catch (err) {
    lastPass.error = (err as Error).message;
    deps.log.error('pass_stopped', { run_id: runId, reason: lastPass.error, sent: totals.sent });
  } finally {
    Object.assign(lastPass, totals, { finishedAt: new Date().toISOString() });
    await save();
    await client.close();
  }
  if (totals.sent + totals.refused > 0 || lastPass.error)
    deps.log.info('pass_finished', { run_id: runId, ...totals, error: lastPass.error });
  return state;
}
