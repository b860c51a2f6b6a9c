// A server over an on-disk embedded database that a test can stop and start again on the same port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '@svc/db';
import { startHarness, type Harness } from './harness';

export interface Restartable {
  start(port?: number): Promise<Harness>;
  stop(): Promise<void>;
  /** Stops the server and removes its data directory. */
  dispose(): Promise<void>;
}

export function restartableServer(prefix: string): Restartable {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let database: Database | undefined;
  let h: Harness | undefined;
  const stop = async () => {
    await h?.close();
    await database?.close();
    h = undefined;
    database = undefined;
  };
  return {
    async start(port) {
      database = await openDatabase({ dataDir });
      h = await startHarness({ database, port });
      return h;
    },
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
