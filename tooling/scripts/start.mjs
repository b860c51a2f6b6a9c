// `pnpm start`: runs the MCP server and the dashboard side by side; when either stops, both stop and it says
// why; SIGHUP restarts both together.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dashboardDir = join(root, 'apps', 'dashboard');
const requireFromDashboard = createRequire(join(dashboardDir, 'package.json'));
const nextBin = join(dirname(requireFromDashboard.resolve('next/package.json')), 'dist', 'bin', 'next');

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '8080';
const serverUrl = process.env.MCP_SERVER_URL ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
const dashboardUrl = new URL(process.env.DASHBOARD_URL ?? 'http://127.0.0.1:3000');
const dashboardPort = dashboardUrl.port || (dashboardUrl.protocol === 'https:' ? '443' : '80');

/** Prefixes each line so the two logs stay readable in one terminal. */
function pipe(stream, label, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      out.write(`${label} ${line}\n`);
      // The server's JSON record is easy to miss among the others: say it plainly too.
      const hint = /"message":"no_accounts"/.test(line) && /"hint":"([^"]+)"/.exec(line);
      if (hint) out.write(`\n  ${hint[1]}\n\n`);
    }
  });
}

function run(label, args, opts) {
  const child = spawn(process.execPath, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  pipe(child.stdout, label, process.stdout);
  pipe(child.stderr, label, process.stderr);
  return child;
}

const launches = [
  {
    name: 'the MCP server',
    label: '[server]   ',
    args: [join(root, 'apps', 'mcp-server', 'bin', 'svc.mjs'), 'serve'],
    opts: { cwd: root, env: process.env },
  },
  {
    name: 'the dashboard',
    label: '[dashboard]',
    // Above nginx's 60 s upstream keep-alive (Next's default is Node's 5 s): see docs/contract/decisions-operations.md.
    args: [nextBin, 'start', '-H', dashboardUrl.hostname, '-p', dashboardPort, '--keepAliveTimeout', '65000'],
    opts: {
      cwd: dashboardDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        MCP_SERVER_URL: serverUrl,
        DASHBOARD_URL: dashboardUrl.origin,
      },
    },
  },
];

/** A child that does not stop within this long after SIGTERM is killed. */
const STOP_GRACE_MS = 10_000;

function say(line) {
  process.stderr.write(`[start]     ${line}\n`);
}

function how(code, signal) {
  return signal ? `was stopped by ${signal}` : `exited with code ${code}`;
}

let children = [];
let phase = 'running'; // running | restarting | stopping

function launchAll() {
  children = launches.map((l) => {
    const child = run(l.label, l.args, l.opts);
    child.on('exit', (code, signal) => onExit(l, child, code, signal));
    child.on('error', (err) => say(`${l.name} could not start: ${err.message}`));
    return child;
  });
  process.stdout.write(`dashboard on ${dashboardUrl.origin}, MCP server on ${serverUrl}/mcp\n`);
}

/** SIGTERM to every child still running, SIGKILL to any still there after the grace period. */
function stopChildren() {
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of alive) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of alive) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, STOP_GRACE_MS);
  timer.unref();
  return Promise.all(alive.map((c) => new Promise((resolve) => c.once('exit', resolve))));
}

/**
 * One process without the other is a half-working service: a dashboard whose every page says the
 * server is unreachable, or a server nobody can sign in to. When either stops on its own, both stop,
 * and the reason is said here rather than left to be guessed from the logs.
 */
function onExit(launch, child, code, signal) {
  if (!children.includes(child) || phase !== 'running') return;
  const other = launches.filter((l) => l !== launch).map((l) => l.name).join(' and ');
  say(`${launch.name} ${how(code, signal)}; stopping ${other} too. Run pnpm start again to start both.`);
  phase = 'stopping';
  process.exitCode = code === 0 && !signal ? 0 : 1;
  void stopChildren();
}

function stopAll(signal) {
  if (phase === 'stopping') return;
  say(`${signal} received; stopping the MCP server and the dashboard.`);
  phase = 'stopping';
  process.exitCode = 0;
  void stopChildren();
}

/** SIGHUP restarts both together, e.g. after a new build or a changed setting. */
async function restartAll() {
  if (phase !== 'running') return;
  say('SIGHUP received; restarting the MCP server and the dashboard together.');
  phase = 'restarting';
  await stopChildren();
  phase = 'running';
  launchAll();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
process.on('SIGHUP', () => void restartAll());
launchAll();
