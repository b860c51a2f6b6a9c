// `pnpm start`: runs the MCP server and the dashboard side by side, and stops both when either stops.
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

const children = [
  run('[server]   ', ['--import', 'tsx', join(root, 'apps', 'mcp-server', 'src', 'cli.ts'), 'serve'], {
    cwd: root,
    env: process.env,
  }),
  run('[dashboard]', [nextBin, 'start', '-H', dashboardUrl.hostname, '-p', dashboardPort], {
    cwd: dashboardDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      MCP_SERVER_URL: serverUrl,
      DASHBOARD_URL: dashboardUrl.origin,
    },
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
process.stdout.write(`dashboard on ${dashboardUrl.origin}, MCP server on ${serverUrl}/mcp\n`);
