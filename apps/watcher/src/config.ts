// Which transcript roots the watcher reads: --source flags, else config.json, else the tools' default places.
import { join } from 'node:path';
import { z } from 'zod';
import type { Source } from './sources/discover';
import { readJsonFile } from './state/atomic-file';

const SourceSchema = z.object({
  kind: z.enum(['claude-code', 'codex', 'plain']),
  root: z.string().min(1),
});
const ConfigSchema = z.object({
  sources: z.array(SourceSchema).optional(),
  /** Seconds between safety passes of the daemon. */
  interval: z.number().int().min(5).max(86_400).optional(),
});

export type WatcherConfig = z.infer<typeof ConfigSchema>;

export const configPath = (configDir: string) => join(configDir, 'config.json');

export function defaultSources(home: string): Source[] {
  return [
    { kind: 'claude-code', root: join(home, '.claude', 'projects') },
    { kind: 'codex', root: join(home, '.codex', 'sessions') },
  ];
}

/** `--source claude-code:/path`, `--source codex:/path`, or a bare directory of plain transcripts. */
export function parseSourceFlag(flag: string): Source {
  const match = /^(claude-code|codex|plain):(.+)$/.exec(flag);
  return match
    ? { kind: match[1] as Source['kind'], root: match[2]! }
    : { kind: 'plain', root: flag };
}

export async function loadConfig(configDir: string): Promise<WatcherConfig> {
  const raw = await readJsonFile(configPath(configDir));
  if (raw === undefined) return {};
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${configPath(configDir)}: ${parsed.error.message}`);
  return parsed.data;
}

export async function resolveSources(
  flags: readonly string[],
  configDir: string,
  home: string,
): Promise<Source[]> {
  if (flags.length > 0) return flags.map(parseSourceFlag);
  return (await loadConfig(configDir)).sources ?? defaultSources(home);
}
