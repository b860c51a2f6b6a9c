// Loaded embedded stores kept on disk between runs: a 100k fill and its HNSW build take minutes on 2 cores.
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** Bump when fill.ts or the schema's migrations change what a filled store holds. */
const FILL_VERSION = 4;

export interface CachedFill {
  fillSeconds: number;
  indexSeconds: number;
}

export const DEFAULT_FILL_CACHE = join(tmpdir(), 'svc-latency-fills');

/**
 * A store's content depends on every size and call count before it (each size's calls add real
 * memories), so the key is that history. Only the embedded store is cached: a data directory is a
 * plain folder; PostgreSQL's scratch database is filled each run.
 */
export function fillKey(model: string, history: readonly string[]): string {
  return `v${FILL_VERSION}-${model}-${history.join('_')}`.replace(/[^A-Za-z0-9_.-]/g, '-');
}

export async function restoreFill(cacheDir: string, key: string, dataDir: string): Promise<CachedFill | null> {
  const from = join(cacheDir, key);
  try {
    await stat(join(from, 'data', 'PG_VERSION'));
  } catch {
    return null;
  }
  await rm(dataDir, { recursive: true, force: true });
  await cp(join(from, 'data'), dataDir, { recursive: true });
  return JSON.parse(await readFile(join(from, 'fill.json'), 'utf8')) as CachedFill;
}

/** Call with the database closed (PGlite flushes on close). */
export async function saveFill(cacheDir: string, key: string, dataDir: string, fill: CachedFill): Promise<void> {
  const to = join(cacheDir, key);
  await rm(to, { recursive: true, force: true });
  await mkdir(to, { recursive: true });
  await cp(dataDir, join(to, 'data'), { recursive: true, filter: (src) => !basename(src).startsWith('.svc.lock') });
  await writeFile(join(to, 'fill.json'), JSON.stringify(fill));
}
