// Closing a runtime ends its model threads: ONNX Runtime aborts a process (SIGABRT, seen once in CI as
// `svc serve` dying on SIGTERM) that exits while one of them is loading or computing.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env';
import { closeRuntime, openRuntime } from '../src/runtime';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-runtime-close-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The model threads are told apart from every other thread of this process by their niceness.
const MODEL_NICE = 11;

function threadsAtModelNiceness(): number {
  const niceness = readdirSync('/proc/self/task').map((tid) => {
    try {
      return Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    } catch {
      return Number.NaN; // a thread that ended between the listing and the read
    }
  });
  const base = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);
  return niceness.filter((n) => n === base + MODEL_NICE).length;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('closeRuntime', () => {
  it.runIf(process.platform === 'linux')('ends the model threads the runtime started, before it lets go of the database', { timeout: 120_000 }, async () => {
    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'error', EMBEDDINGS_WORKER_THREADS: '2', EMBEDDINGS_WORKER_NICE: String(MODEL_NICE) });
    const deps = await openRuntime(env);
    // The runtime loads the model at start (re-embedding upkeep), without waiting for a request.
    await until(() => threadsAtModelNiceness() >= 2, 60_000);
    await closeRuntime(deps);
    // ONNX Runtime keeps one thread of its own for the life of the process, started by the first
    // model thread and so at its niceness; the two model threads themselves are gone.
    expect(threadsAtModelNiceness()).toBeLessThanOrEqual(1);
  });
});
