// Whether a directory holds a build of the server made from the sources exactly as they are now.
import { readFileSync, statSync } from 'node:fs';

/** Where `pnpm build` (and `pnpm start`) put the bundled server. */
export const DIST_DIR = new URL('../dist/', import.meta.url);
/** What a build records beside its files: the entry module, and every input it was made from (relative to it). */
export const MANIFEST = 'inputs.json';

/** Size and modification time of a file (a path, or a URL), or null when it is gone. */
export function stamp(path) {
  try {
    const { size, mtimeMs } = statSync(path);
    return [size, mtimeMs];
  } catch {
    return null;
  }
}

/**
 * The entry module's URL when every input still has the size and modification time it had when
 * built; otherwise undefined (no build, or a source changed since: a stale build is never run).
 */
export function builtEntry(dir = DIST_DIR) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(new URL(MANIFEST, dir), 'utf8'));
  } catch {
    return undefined;
  }
  for (const [path, size, mtimeMs] of manifest.inputs) {
    const now = stamp(new URL(path, dir));
    if (now === null || now[0] !== size || now[1] !== mtimeMs) return undefined;
  }
  return new URL(manifest.entry, dir).href;
}
