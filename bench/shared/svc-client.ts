// Starts `svc stdio` on an embedded data directory or a PostgreSQL database and connects the official MCP SDK client to it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { defaultBackupDir } from '@svc/backup';
import { createProject, createUser, openDatabase, type Database } from '@svc/db';

export const SERVER_DIR = fileURLToPath(new URL('../../apps/mcp-server', import.meta.url));
/**
 * `svc` as users start it (relative to SERVER_DIR): the bundled build that `pnpm start` makes, which
 * the bench scripts build first; the sources through tsx if a source changed since.
 */
export const SVC = ['bin/svc.mjs'];

export interface SvcConnection {
  client: Client;
  /** Tool names of tools/list. */
  tools: string[];
  /** The server's process id, when it is a child process. */
  pid?: number | null;
  close(): Promise<void>;
}

/** The database `svc stdio` opens, as the environment names it. */
export type StoreLocation = { DATA_DIR: string } | { DATABASE_URL: string };

export interface PreparedDataDir {
  dataDir: string;
  /** Project id per requested project name. */
  projects: Map<string, string>;
}

/**
 * One user (so a stdio session acts as them) and the projects the benchmark writes into, made
 * before the server starts, because the server then holds the directory's lock.
 */
export async function prepareDataDir(projectNames: readonly string[]): Promise<PreparedDataDir> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-bench-'));
  const database = await openDatabase({ dataDir });
  try {
    return { dataDir, projects: await seedProjects(database, projectNames) };
  } finally {
    await database.close();
  }
}

/** A data directory the bench made, and the backups `svc` keeps beside it (`<DATA_DIR>-backups`). */
export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  await rm(defaultBackupDir(dataDir), { recursive: true, force: true });
}

/** The bench's one user and its projects on a fresh database; project id per name. */
export async function seedProjects(database: Database, projectNames: readonly string[]): Promise<Map<string, string>> {
  const projects = new Map<string, string>();
  const { user } = await createUser(database.db, 'bench@bench.test', 'bench');
  for (const name of projectNames) {
    projects.set(name, (await createProject(database.db, { ownerId: user.id, name })).project.id);
  }
  return projects;
}

/** The environment a `svc` child starts with: the parent's PATH and HOME only, then `env`. */
export function svcEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
}

export async function connectSvc(
  location: StoreLocation,
  env: Record<string, string> = {},
): Promise<SvcConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...SVC, 'stdio'],
    cwd: SERVER_DIR,
    env: svcEnv({ ...location, LOG_STDERR: '1', LOG_LEVEL: 'warn', ...env }),
    stderr: 'inherit',
  });
  const client = new Client({ name: 'svc-bench', version: '0.0.0' });
  await client.connect(transport);
  const tools = (await client.listTools()).tools.map((t) => t.name);
  return { client, tools, pid: transport.pid, close: () => client.close() };
}

export async function startSvc(projectNames: readonly string[], env: Record<string, string> = {}) {
  const prepared = await prepareDataDir(projectNames);
  const connection = await connectSvc({ DATA_DIR: prepared.dataDir }, env);
  return {
    ...connection,
    projects: prepared.projects,
    async close() {
      await connection.close();
      await removeDataDir(prepared.dataDir);
    },
  };
}

/** The structured result of a tool call; a refusal (isError) becomes an exception with its text. */
export async function callTool<T>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) {
    const first = (result.content as Array<{ type: string; text?: string }> | undefined)?.[0];
    throw new Error(`${name} failed: ${first?.text ?? 'no detail'}`);
  }
  return result.structuredContent as T;
}
