// Builds the dashboard for `next start`, unless .next/BUILD_ID is newer than every file the build reads.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './processes';

const SOURCES = ['app', 'components', 'lib', 'proxy.ts', 'next.config.ts', 'package.json', 'tsconfig.json'];
/** Compiled into the build from source (transpilePackages). */
const WORKSPACE_SOURCES = ['../../packages/contract/src', '../../packages/errors/src'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function buildIsFresh(appDir: string): boolean {
  const id = join(appDir, '.next', 'BUILD_ID');
  if (!existsSync(id)) return false;
  const sources = Math.max(...[...SOURCES, ...WORKSPACE_SOURCES].map((p) => newest(join(appDir, p))));
  return statSync(id).mtimeMs > sources;
}

export async function buildDashboard(appDir: string, nextBin: string): Promise<void> {
  if (buildIsFresh(appDir)) return;
  const built = await run(process.execPath, [nextBin, 'build'], {
    cwd: appDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (built.code !== 0) throw new Error(`next build failed (${built.code}):\n${built.output}`);
}
