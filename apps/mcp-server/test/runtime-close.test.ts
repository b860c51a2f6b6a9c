// Closing a runtime ends its model threads: ONNX Runtime aborts a process (SIGABRT, seen once in CI as
// `svc serve` dying on SIGTERM) that exits while one of them is loading or computing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env';
import { closeRuntime, openRuntime } from '../src/runtime';
import { threadsAtNicenessIncrement, until } from './helpers/threads';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-runtime-close-'));
afterAll(() => removeDataDir(dataDir));

// The model threads are told apart from every other thread of this process by their niceness.
const MODEL_NICE = 11;

describe('closeRuntime', () => {
  it.runIf(process.platform === 'linux')('ends the model threads the runtime started, before it lets go of the database', { timeout: 120_000 }, async () => {
    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'error', EMBEDDINGS_WORKER_THREADS: '2', EMBEDDINGS_WORKER_NICE: String(MODEL_NICE) });
    const deps = await openRuntime(env);
    // The runtime loads the model at start (re-embedding upkeep), without waiting for a request.
    await until(() => threadsAtNicenessIncrement(MODEL_NICE) >= 2, 60_000);
    await closeRuntime(deps);
    // ONNX Runtime keeps one thread of its own for the life of the process, started by the first
    // model thread and so at its niceness; the two model threads themselves are gone.
    expect(threadsAtNicenessIncrement(MODEL_NICE)).toBeLessThanOrEqual(1);
  });
});
