// `svc serve` and `svc stdio` started while the database is away wait for it, saying so, instead of exiting.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@svc/db';
import { createTestDatabaseUrl, testStorage } from '@svc/db/testing';
import { cliEnv, stop } from './helpers/cli';
import { newUserToken } from './helpers/mcp-client';
import { startOutageDatabase, type OutageDatabase } from './helpers/outage-database';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const CLI = ['--import', 'tsx', 'src/cli.ts'];
/** Trust authentication ignores it; it is there to prove it is never written out. */
const PASSWORD = 'never-log-this-pw';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function cutDatabase(): Promise<OutageDatabase> {
  const od = await startOutageDatabase({ startCut: true });
  cleanups.push(() => od.close());
  return od;
}

function withPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = PASSWORD;
  return parsed.toString();
}

function serverEnv(url: string, poolMax: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return cliEnv({ DATABASE_URL: withPassword(url), DATABASE_POOL_MAX: String(poolMax), EMBEDDINGS_PROVIDER: 'none', ...extra });
}

interface Spawned {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function spawnCli(args: string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: APP_DIR, env });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  cleanups.push(() => stop(child));
  return { child, output: () => output, exited };
}

/** The JSON log records in some output, by message. */
function records(output: string, message: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(`"message":"${message}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Polls `probe`; a process that exits or stays silent too long fails the test with what it said. */
async function until<T>(probe: () => T | undefined, what: string, from?: Spawned, ms = 45_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    const exited = from?.child.exitCode !== null && from?.child.exitCode !== undefined;
    if (exited || Date.now() > deadline) {
      throw new Error(`${exited ? 'exited' : 'timed out'} waiting for ${what}: ${from?.output() ?? ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a server started while the database is away', () => {
  it('svc serve waits with backoff, logging database_waiting without the password, then serves', async () => {
    const od = await cutDatabase();
    const serve = spawnCli(['serve'], serverEnv(od.url, od.poolMax, { PORT: '0' }));
    const waiting = await until(() => {
      const found = records(serve.output(), 'database_waiting');
      return found.length >= 2 ? found : undefined;
    }, 'two database_waiting records', serve);
    expect(waiting.slice(0, 2)).toEqual([
      expect.objectContaining({ level: 'warn', attempt: 1, next_delay_ms: 500, reason: 'ECONNREFUSED' }),
      expect.objectContaining({ level: 'warn', attempt: 2, next_delay_ms: 1000, reason: 'ECONNREFUSED' }),
    ]);
    expect(serve.child.exitCode).toBeNull();
    await od.restore();
    const port = await until(() => records(serve.output(), 'listening')[0]?.port as number | undefined, 'listening', serve);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(serve.output()).not.toContain(PASSWORD);
  });

  it('gives up past DATABASE_WAIT_SECONDS with a clear message', async () => {
    const od = await cutDatabase();
    const serve = spawnCli(['serve'], serverEnv(od.url, od.poolMax, { PORT: '0', DATABASE_WAIT_SECONDS: '1' }));
    expect(await serve.exited).toBe(1);
    expect(serve.output()).toContain('The database was still unreachable after 1 s (ECONNREFUSED); giving up');
    expect(serve.output()).not.toContain(PASSWORD);
  });

  it.runIf(testStorage() === 'postgres')('fails at once, without waiting, on a database that does not exist', async () => {
    const made = await createTestDatabaseUrl();
    await made.drop();
    const started = Date.now();
    const serve = spawnCli(['serve'], serverEnv(made.url, 2, { PORT: '0' }));
    expect(await serve.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(serve.output()).toMatch(/The database refused the connection: database "svc_test_\w+" does not exist \(SQLSTATE 3D000\)/);
    expect(records(serve.output(), 'database_waiting')).toEqual([]);
  });

  it('an svc command in server mode waits too, logging to stderr, then does its work', async () => {
    const od = await cutDatabase();
    const migrate = spawnCli(['migrate'], serverEnv(od.url, od.poolMax));
    let stdout = '';
    migrate.child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    await until(() => (records(migrate.output(), 'database_waiting').length > 0 ? true : undefined), 'database_waiting', migrate);
    // Its stdout is the command's answer: the waiting records go to stderr only.
    expect(stdout).toBe('');
    await od.restore();
    expect(await migrate.exited).toBe(0);
    expect(stdout.trim()).toBe('migrations applied');
  });

  it('svc stdio waits too, then answers the MCP SDK client', async () => {
    const od = await startOutageDatabase();
    cleanups.push(() => od.close());
    const seeding = await openDatabase({ url: od.url, poolMax: od.poolMax });
    const { token } = await newUserToken(seeding, 'stdio-waits@example.com');
    await seeding.close();
    await od.cut();
    const env = serverEnv(od.url, od.poolMax, { SVC_TOKEN: token });
    const transport = new StdioClientTransport({ command: process.execPath, args: [...CLI, 'stdio'], cwd: APP_DIR, env: env as Record<string, string>, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'outage-test', version: '1.0.0' });
    cleanups.push(() => client.close());
    const connected = client.connect(transport);
    await until(() => (records(stderr, 'database_waiting').length > 0 ? true : undefined), 'database_waiting on stderr');
    await od.restore();
    await connected;
    const recalled = await client.callTool({ name: 'recall', arguments: { query: 'anything' } });
    expect(recalled.isError).toBeFalsy();
  });
});
