// Where the watcher keeps how to reach the server: one JSON file in the config directory, readable by the user alone.
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from '../state/atomic-file';

const Credentials = z.object({
  server: z.url(),
  /** A bearer token from `svc token create`; absent when OAuth tokens are kept by the OAuth store. */
  token: z.string().min(1).optional(),
});

export type Credentials = z.infer<typeof Credentials>;

export const credentialsPath = (configDir: string) => join(configDir, 'credentials.json');

export async function loadCredentials(configDir: string): Promise<Credentials | undefined> {
  const raw = await readJsonFile(credentialsPath(configDir));
  if (raw === undefined) return undefined;
  const parsed = Credentials.safeParse(raw);
  if (!parsed.success)
    throw new Error(`${credentialsPath(configDir)} is not valid; run login again`);
  return parsed.data;
}

export async function saveCredentials(configDir: string, credentials: Credentials): Promise<void> {
  const path = credentialsPath(configDir);
  await writeFileAtomic(
    path,
    `${JSON.stringify(Credentials.parse(credentials), null, 2)}\n`,
    0o600,
  );
  // A temp file left by a crash keeps its old bits through open(); the token's file must not.
  await chmod(path, 0o600);
}

/** The MCP endpoint of a server given as its base URL or as the endpoint itself. */
export function mcpEndpoint(server: string): URL {
  const url = new URL(server);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/mcp';
  return url;
}
