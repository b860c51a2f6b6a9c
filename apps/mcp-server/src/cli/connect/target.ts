// What every client's set-up is built from: the MCP URL, the server's name, a token, and an absolute stdio command.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { EMBEDDINGS_ENV, type EmbeddingsConfig } from '@svc/embeddings';
import { fail } from '@svc/errors';
import type { Env } from '../../env';

/** Starts the CLI from any directory; see the file itself for why not `pnpm svc`. */
export const LAUNCHER = fileURLToPath(new URL('../../../bin/svc.mjs', import.meta.url));

export const TOKEN_PLACEHOLDER = 'svc_…';
/** A secret `svc connect` does not copy out of the environment onto the screen. */
export const API_KEY_PLACEHOLDER = '<EMBEDDINGS_API_KEY>';

export interface StdioCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface ConnectTarget {
  name: string;
  /** The MCP endpoint (Streamable HTTP); OAuth clients discover everything else from it. */
  url: string;
  token: string | undefined;
  stdio: StdioCommand;
}

const OptionsSchema = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'expected letters, digits, - or _ (at most 64), starting with a letter or digit'),
  url: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  token: z
    .string()
    .regex(/^svc_[A-Za-z0-9_-]{43}$/, 'expected a token printed by `svc token create` (svc_ and 43 characters)')
    .optional(),
});

export type ConnectOptions = z.input<typeof OptionsSchema>;

/** The running process's own node and directory, injected so tests can steer them. */
export interface Host {
  execPath: string;
  cwd: string;
}

/** The MCP endpoint of a server's public URL; a URL that already names `/mcp` is kept. */
export function mcpUrl(base: string): string {
  const url = new URL(base);
  url.hash = '';
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/mcp') ? path : `${path}/mcp`;
  return url.toString();
}

/** The EMBEDDINGS_* variables that reproduce `config`, so a stdio session embeds with the server's model. */
function embeddingsEnv(config: EmbeddingsConfig, cwd: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (config.provider === 'use' && config.batchSize === undefined) return out;
  for (const [key, name] of Object.entries(EMBEDDINGS_ENV)) {
    const value: unknown = (config as Record<string, unknown>)[key];
    if (value === undefined || value === false) continue;
    if (key === 'apiKey') out[name] = API_KEY_PLACEHOLDER;
    else if (key === 'modelDir') out[name] = resolve(cwd, String(value));
    else out[name] = value === true ? '1' : String(value);
  }
  return out;
}

/** The database the server uses, named so that it is the same from any working directory. */
function databaseEnv(env: Env, cwd: string): Record<string, string> {
  if (env.DATABASE_URL) return { DATABASE_URL: env.DATABASE_URL };
  // `memory://` and the like are not paths; they are passed on as given.
  const location = /^[a-z]+:\/\//i.test(env.DATA_DIR) || isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(cwd, env.DATA_DIR);
  return { DATA_DIR: location };
}

export function buildTarget(env: Env, options: ConnectOptions, host: Host): ConnectTarget {
  const parsed = OptionsSchema.safeParse(options);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`);
    throw fail.validation(`Invalid option: ${problems.join('; ')}`, { problems });
  }
  const { name, url, token } = parsed.data;
  const stdioEnv = { ...databaseEnv(env, host.cwd), ...embeddingsEnv(env.embeddings, host.cwd) };
  if (token) stdioEnv.SVC_TOKEN = token;
  return {
    name,
    url: mcpUrl(url ?? env.PUBLIC_URL),
    token,
    stdio: { command: host.execPath, args: [LAUNCHER, 'stdio'], env: stdioEnv },
  };
}
