// The S3-compatible target against a real local S3 server (s3rver): round trip, verify, retention, aborts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTargetFromConfig, createBackup, listBackups, pruneBackups, restoreBackup, verifyBackup, type BackupS3Config, type BackupTarget } from '../src/index';
import { rowHashes, seedEverything } from './support';

const BUCKET = 'svc-backups';
let server: S3rver;
let dir: string;
let source: Database;
let config: BackupS3Config;
let target: BackupTarget;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  config = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'svc/prod',
  };
  target = await backupTargetFromConfig({ dir: join(dir, 'unused'), s3: config });
  source = await openTestDatabase();
  await seedEverything(source);
});

afterAll(async () => {
  await source?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the S3-compatible target', () => {
  it('stores a backup under its prefix that restores into an empty database with identical rows', async () => {
    expect(target.description).toBe(`s3://${BUCKET}/svc/prod/`);
    const made = await createBackup({ database: source, target, now: new Date(), reason: 'manual' });
    expect((await listBackups(target)).map((b) => b.id)).toEqual([made.id]);
    expect(await verifyBackup({ target, id: made.id })).toMatchObject({ ok: true });
    const empty = await openTestDatabase();
    try {
      await restoreBackup({ database: empty, target, id: made.id });
      expect(await rowHashes(empty)).toEqual(await rowHashes(source));
    } finally {
      await empty.close();
    }
  });

  it('verify names an object that was replaced', async () => {
    const [latest] = await listBackups(target);
    const client = new S3Client({ endpoint: config.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `svc/prod/${latest!.id}/cards.jsonl.gz`, Body: Buffer.from('not gzip') }));
    const result = await verifyBackup({ target, id: latest!.id });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(['cards.jsonl.gz: checksum mismatch (the file changed after the backup was taken)']);
  });

  it('prunes by the same retention, removing every object of a pruned backup', async () => {
    const tiny = await openTestDatabase();
    try {
      const other = await backupTargetFromConfig({ dir, s3: { ...config, prefix: 'retention' } });
      for (const day of ['2026-01-01', '2026-01-02', '2026-02-20']) {
        await createBackup({ database: tiny, target: other, now: new Date(`${day}T03:30:00Z`), reason: 'daily' });
      }
      // An upload cut short before its manifest, a week earlier.
      const client = new S3Client({ endpoint: config.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'retention/20260213T033000Z-daily-0000aa/users.jsonl.gz', Body: Buffer.from('x') }));
      expect(await other.listIncomplete()).toEqual(['20260213T033000Z-daily-0000aa']);
      const result = await pruneBackups({ target: other, now: new Date('2026-02-21T00:00:00Z') });
      expect(result.swept).toEqual(['20260213T033000Z-daily-0000aa']);
      expect(await other.listIncomplete()).toEqual([]);
      expect(result.removed).toHaveLength(1);
      expect(result.removed[0]).toMatch(/^20260102T/);
      expect((await listBackups(other)).map((b) => b.createdAt.toISOString().slice(0, 10))).toEqual(['2026-02-20', '2026-01-01']);
      await expect(other.read(result.removed[0]!, 'users.jsonl.gz')).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      await tiny.close();
    }
  });

  it('a backup that fails part-way (tables stored, manifest refused) leaves no object behind', async () => {
    const real = await backupTargetFromConfig({ dir, s3: { ...config, prefix: 'failed' } });
    let stored = 0;
    // The real target, with the one fault injected: storing the manifest fails after every table went up.
    const failing: BackupTarget = {
      ...real,
      open(id) {
        const writer = real.open(id);
        return {
          put: async (file, from) => {
            await writer.put(file, from);
            stored++;
          },
          commit: () => Promise.reject(new Error('connection reset while storing the manifest')),
          abort: () => writer.abort(),
        };
      },
    };
    await expect(createBackup({ database: source, target: failing, now: new Date(), reason: 'daily' })).rejects.toThrow(/connection reset/);
    expect(stored).toBeGreaterThan(10);
    const client = new S3Client({ endpoint: config.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const left = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'failed/' }));
    expect(left.Contents ?? []).toEqual([]);
  });
});
