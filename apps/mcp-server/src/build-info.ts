// The running build's identity: image version `v<semver>+<commit>` and the host checkout's revision.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  /** `v<semver>+<commit>`, with `dev` for the commit of a checkout with uncommitted changes. */
  version: string;
  /** Revision of the checkout that configured the host, as the host stamped it. */
  hostRevision: string;
}

const ROOT_PACKAGE = fileURLToPath(new URL('../../../package.json', import.meta.url));
/** The checkout this code runs from, whatever the working directory of the process. */
const SOURCE_DIR = fileURLToPath(new URL('.', import.meta.url));

function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * A stamped image carries its commit; a checkout reports its own, or `dev` when it differs from
 * that commit. Untracked (not ignored) files count: tsx runs them straight from the working tree.
 * Without git, or outside a checkout, the build cannot be named and is `dev` too.
 */
export function resolveCommit(stamped: string | undefined, cwd: string = SOURCE_DIR): string {
  if (stamped) return stamped;
  const head = git(cwd, ['rev-parse', '--short=12', 'HEAD']);
  if (!head) return 'dev';
  const changes = git(cwd, ['status', '--porcelain']);
  return changes === '' ? head : 'dev';
}

export function readBuildInfo(opts: { commit?: string; hostRevision?: string; cwd?: string } = {}): BuildInfo {
  const pkg = JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as { version?: string };
  const semver = pkg.version ?? '0.0.0';
  return {
    version: `v${semver}+${resolveCommit(opts.commit, opts.cwd)}`,
    hostRevision: opts.hostRevision ?? 'unknown',
  };
}
