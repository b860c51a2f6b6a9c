// The running system the browser tests drive: `svc serve` over a fresh data directory and `next start`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, run, start, stop, waitForHttp, type Env, type Running } from './processes';
import { removeDataDir } from '@svc/vitest-config/data-dir';

export const APP_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_DIR = fileURLToPath(new URL('../../../mcp-server', import.meta.url));
export const NEXT_BIN = join(APP_DIR, 'node_modules', 'next', 'dist', 'bin', 'next');

/** One account per test file, so files never see each other's sessions, factors or deletions. */
export const E2E_USERS = {
  signIn: 'signin@example.com',
  mfa: 'mfa@example.com',
  consent: 'consent@example.com',
  deletion: 'deletion@example.com',
} as const;

export interface StackInfo {
  serverUrl: string;
  dashboardUrl: string;
  password: string;
  /** False while `svc user add --password-stdin` does not exist yet: the users then have no password. */
  passwords: boolean;
}

export interface Stack extends StackInfo {
  close(): Promise<void>;
}

/** A stack of one test file's own, for what the shared one must not see: other settings, a restart. */
export interface DedicatedStack extends Stack {
  /** Stops the server and starts it again over the same data directory, port and PUBLIC_URL. */
  restartServer(): Promise<void>;
  /** Stops the server alone, the dashboard left running: a memory server that went away mid-use. */
  stopServer(): Promise<void>;
  /** Runs `svc <args>` against this stack's data (through the running server's local channel); its output, or a throw. */
  cli(args: string[]): Promise<string>;
}

export interface StackOptions {
  /** Added to the server's environment, e.g. an external sign-in provider. */
  serverEnv?: Record<string, string>;
  /** When the address must be known before the stack starts (an identity provider's redirect URI). */
  dashboardPort?: number;
  /** An edge in front of both (issue 16): the public address of the server and the dashboard, and the dashboard's way to the server. */
  publicUrl?: string;
}

const PASSWORD = 'correct horse battery staple';

function serverEnv(extra: Record<string, string>): Env {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'warn',
    EMBEDDINGS_PROVIDER: 'none',
    KEEP_WARM_MINUTES: '0',
    // Every request of every test comes from 127.0.0.1, the browser's and the dashboard's alike.
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    ...extra,
  };
}

const svc = (args: string[], env: Env, input?: string) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: SERVER_DIR, env, input });

/** Users are made before the server starts: the embedded database takes one process at a time. */
async function addUsers(emails: string[], env: Env): Promise<boolean> {
  let passwords = true;
  for (const email of emails) {
    let made = passwords ? await svc(['user', 'add', email, '--password-stdin'], env, `${PASSWORD}\n`) : null;
    if (made && made.code !== 0 && /unknown option/.test(made.output)) passwords = false;
    if (!passwords) made = await svc(['user', 'add', email], env);
    if (made?.code !== 0) throw new Error(`svc user add ${email} failed:\n${made?.output}`);
  }
  return passwords;
}

/** `built` settles when `next start` may run: the build goes on while the users are made and the server starts. */
export async function startStack(emails: string[], built: Promise<void>): Promise<Stack> {
  // Only addresses and close: what global setup hands to the test files must be serializable.
  const { serverUrl, dashboardUrl, password, passwords, close } = await startDedicatedStack(emails, built);
  return { serverUrl, dashboardUrl, password, passwords, close };
}

export async function startDedicatedStack(emails: string[], built: Promise<void>, opts: StackOptions = {}): Promise<DedicatedStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-e2e-'));
  const [serverPort, dashboardPort] = [await freePort(), opts.dashboardPort ?? (await freePort())];
  const serverUrl = `http://127.0.0.1:${serverPort}`;
  const dashboardUrl = `http://127.0.0.1:${dashboardPort}`;
  const env = serverEnv({ DATA_DIR: dataDir, DASHBOARD_URL: opts.publicUrl ?? dashboardUrl, ...opts.serverEnv });
  let server: Running | undefined;
  let dashboard: Running | undefined;
  const startServer = () =>
    start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
      cwd: SERVER_DIR,
      env: { ...env, HOST: '127.0.0.1', PORT: String(serverPort), PUBLIC_URL: opts.publicUrl ?? serverUrl },
    });
  const close = async () => {
    await Promise.all([stop(dashboard), stop(server)]);
    removeDataDir(dataDir);
  };
  const restartServer = async () => {
    // The embedded database takes one process at a time: the old server must be gone first.
    await stop(server);
    server = startServer();
    await waitForHttp(`${serverUrl}/healthz`, server);
  };
  // Marked handled now: a failed build is reported where it is awaited, not as an unhandled rejection.
  built.catch(() => undefined);
  try {
    const passwords = await addUsers(emails, env);
    server = startServer();
    await built;
    dashboard = start(process.execPath, [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(dashboardPort), '--keepAliveTimeout', '65000'], {
      cwd: APP_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        MCP_SERVER_URL: opts.publicUrl ?? serverUrl,
        DASHBOARD_URL: opts.publicUrl ?? dashboardUrl,
      },
    });
    await Promise.all([waitForHttp(`${serverUrl}/healthz`, server), waitForHttp(`${dashboardUrl}/login`, dashboard)]);
    const cli = async (args: string[]) => {
      const done = await svc(args, env);
      if (done.code !== 0) throw new Error(`svc ${args.join(' ')} failed:\n${done.output}`);
      return done.output;
    };
    const stopServer = () => stop(server);
    return { serverUrl, dashboardUrl, password: PASSWORD, passwords, close, restartServer, stopServer, cli };
  } catch (err) {
    await built.catch(() => undefined);
    await close();
    throw err;
  }
}
