// Where the process that owns an embedded data directory listens for the other local processes.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A unix socket path must fit in sun_path (108 bytes on Linux, 104 on macOS), with room to spare. */
const MAX_SOCKET_PATH = 100;

/** `memory://` and other URL-like locations are PGlite's own: no other process can share them. */
export function isSharableDataDir(dataDir: string): boolean {
  return !/^[a-z]+:\/\//i.test(dataDir);
}

function canonical(dataDir: string): string {
  try {
    return realpathSync(dataDir);
  } catch {
    return resolve(dataDir);
  }
}

/**
 * Inside the data directory, so only whoever may open the directory may reach it; a directory too
 * deep for a socket name gets one in the temp directory, named by a hash of the directory's path.
 */
export function localSocketPath(dataDir: string): string {
  const dir = canonical(dataDir);
  const inside = join(dir, 'svc.sock');
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const digest = createHash('sha256').update(dir).digest('hex').slice(0, 24);
  return join(tmpdir(), `svc-${digest}.sock`);
}
