// Finds the transcript files under each configured source root.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SourceKind } from './turn';

export interface Source {
  kind: SourceKind;
  root: string;
}

export interface FoundFile {
  path: string;
  kind: SourceKind;
}

/** Which files a source owns: its tool's own layout, or any transcript-looking file for plain. */
export function belongsTo(kind: SourceKind, relative: string): boolean {
  const parts = relative.split(/[\\/]/);
  const name = parts.at(-1) ?? '';
  if (kind === 'claude-code') return parts.length === 2 && name.endsWith('.jsonl');
  if (kind === 'codex') return name.startsWith('rollout-') && name.endsWith('.jsonl');
  return /\.(jsonl|md|txt)$/.test(name) && !name.startsWith('.');
}

/** A root that does not exist yet (the tool never ran) is simply empty. */
export async function discover(sources: readonly Source[]): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  for (const source of sources) {
    let entries: string[];
    try {
      entries = await readdir(source.root, { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    for (const relative of entries.sort()) {
      if (belongsTo(source.kind, relative))
        found.push({ path: join(source.root, relative), kind: source.kind });
    }
  }
  return found;
}
