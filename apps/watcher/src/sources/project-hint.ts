// The project of a session for `project_hint`: its git remote when one can be found, else its directory.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { bounds } from '@svc/contract';
import type { SessionMeta } from './turn';

/** Reads .git/config directly: no git process per session, and nothing if git is not installed. */
async function originOf(cwd: string): Promise<string | undefined> {
  for (let dir = cwd; ; dir = dirname(dir)) {
    try {
      const config = await readFile(join(dir, '.git', 'config'), 'utf8');
      const section = /\[remote "origin"\]([^[]*)/.exec(config)?.[1];
      return section ? /^\s*url\s*=\s*(\S+)/m.exec(section)?.[1] : undefined;
    } catch {
      if (dirname(dir) === dir) return undefined;
    }
  }
}

export async function projectHintOf(meta: SessionMeta): Promise<string | undefined> {
  const hint = meta.remote ?? (meta.cwd ? ((await originOf(meta.cwd)) ?? meta.cwd) : undefined);
  return hint && hint.length <= bounds.PROJECT_HINT_MAX_CHARS ? hint : undefined;
}
