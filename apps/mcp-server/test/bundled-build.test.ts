// The bundled build (`pnpm build`): made into a directory of its own, it runs the CLI, `svc stdio` with
// the offline model and `svc serve` as the sources do, and it is run only while its inputs are unchanged.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TOOL_NAMES } from '@svc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry, MANIFEST, stamp } from '../bin/built.mjs';
import { cliEnv, runCli, startServe, stop } from './helpers/cli';
import { call } from './helpers/mcp-client';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

let work: string;
let outdir: string;
let entry: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'svc-bundled-'));
  outdir = join(work, 'dist');
  await run(process.execPath, ['scripts/build.mjs', outdir], { cwd: APP_DIR });
  const found = builtEntry(pathToFileURL(`${outdir}/`));
  if (!found) throw new Error('a build just made is not fresh');
  entry = fileURLToPath(found);
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the build’s record of its inputs', () => {
  it('names the workspace sources it bundled and the lockfile that places the dependencies', async () => {
    const manifest = JSON.parse(await readFile(join(outdir, MANIFEST), 'utf8')) as {
      inputs: [string, number, number][];
    };
    const paths = manifest.inputs.map(([path]) => resolve(outdir, path));
    expect(paths).toContain(join(APP_DIR, 'src', 'cli.ts'));
    expect(paths.some((p) => p.includes('/packages/core/src/'))).toBe(true);
    expect(paths.some((p) => p.endsWith('/pnpm-lock.yaml'))).toBe(true);
    expect(
      paths.some((p) => p.includes('/node_modules/')),
      'dependencies are not bundled',
    ).toBe(false);
  });

  it('is run only while every input has the size and time it had, and never without a record', async () => {
    const dir = join(work, 'record');
    const input = join(work, 'input.ts');
    await writeFile(input, 'export const a = 1;\n');
    const url = pathToFileURL(`${dir}/`);
    expect(builtEntry(url), 'no record').toBeUndefined();
    await mkdir(dir);
    await writeFile(
      join(dir, MANIFEST),
      JSON.stringify({ entry: 'cli.js', inputs: [[input, ...stamp(input)!]] }),
    );
    expect(builtEntry(url)).toBe(new URL('cli.js', url).href);
    await writeFile(input, 'export const a = 22;\n');
    expect(builtEntry(url), 'an input changed').toBeUndefined();
    await rm(input);
    expect(builtEntry(url), 'an input is gone').toBeUndefined();
  });
});

describe('the server from the build', () => {
  let dataDir: string;
  let client: Client;

  beforeAll(async () => {
    dataDir = join(work, 'data');
    const env = cliEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    expect((await runCli(['user', 'add', 'solo@example.com'], env, undefined, [entry])).code).toBe(
      0,
    );
    client = new Client({ name: 'bundled-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [entry, 'stdio'],
        env: { ...env, EMBEDDINGS_PROVIDER: 'use' } as Record<string, string>,
        stderr: 'ignore',
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await client?.close();
  });

  it('lists only the contract’s tools over stdio, and remembers and recalls with the offline model in its worker thread', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('remember');
    for (const name of names) expect(TOOL_NAMES).toContain(name);
    const remembered = await call(client, 'remember', {
      content: 'The staging database rotates its credentials every Tuesday.',
      scope: 'personal',
    });
    expect(remembered.error).toBeUndefined();
    const recalled = await call<{ results: { memory: { content: string } }[] }>(client, 'recall', {
      query: 'when do staging credentials rotate',
      scope: 'personal',
    });
    expect(recalled.error).toBeUndefined();
    expect(recalled.ok.results[0]?.memory.content).toContain('Tuesday');
  }, 120_000);

  it('serves HTTP: readiness answers once the database and the OAuth routes are up', async () => {
    await client.close();
    const { child, url } = await startServe(cliEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }), [
      entry,
    ]);
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      expect((await fetch(`${url}/.well-known/oauth-authorization-server`)).status).toBe(200);
    } finally {
      await stop(child);
    }
  }, 120_000);
});
