// The manifest that describes one backup: format, when and why, the schema level, and each table's file.
import { createHash } from 'node:crypto';
import { fail } from '@svc/errors';
import { z } from 'zod';

export const BACKUP_FORMAT = 'svc-logical-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

export const BACKUP_REASONS = ['daily', 'deploy', 'manual'] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  id: z.string().min(1),
  createdAt: z.iso.datetime(),
  reason: z.enum(BACKUP_REASONS),
  source: z.object({ driver: z.enum(['embedded', 'server']), postgres: z.string() }),
  /** The last drizzle migration applied to the source: a restore needs the target at the same one. */
  migration: z.object({ id: z.number().int(), hash: z.string(), createdAt: z.number() }),
  tables: z.array(
    z.object({
      name: z.string().min(1),
      file: z.string().regex(/^[a-z0-9_]+\.jsonl\.gz$/),
      columns: z.array(z.object({ name: z.string().min(1), type: z.string().min(1) })).min(1),
      rows: z.number().int().min(0),
      bytes: z.number().int().min(0),
      sha256: sha256Hex,
    }),
  ),
  /** Over every table's name, row count and file checksum, in order: one value that covers the whole. */
  sha256: sha256Hex,
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestTable = Manifest['tables'][number];
export type MigrationLevel = Manifest['migration'];

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

export function wholeChecksum(tables: readonly ManifestTable[]): string {
  return sha256(tables.map((t) => `${t.name}\t${t.rows}\t${t.sha256}\n`).join(''));
}

export function encodeManifest(manifest: Manifest): Buffer {
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}

/** A manifest is input from storage: anything unexpected is refused by name, never half-trusted. */
export function decodeManifest(id: string, raw: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw fail.validation(`Backup ${id}: the manifest is not valid JSON`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fail.validation(`Backup ${id}: the manifest is not one this version reads (${issue?.path.join('.')}: ${issue?.message})`);
  }
  if (parsed.data.id !== id) throw fail.validation(`Backup ${id}: the manifest names another backup (${parsed.data.id})`);
  return parsed.data;
}
