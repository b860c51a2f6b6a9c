// S3-compatible object storage as a backup target: one key prefix per backup, its manifest written last.
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fail } from '@svc/errors';
import { isBackupId } from '../ids';
import { MANIFEST_FILE } from '../manifest';
import type { BackupS3Config, BackupTarget, BackupWriter, LocalFile } from './target';

function clientFor(config: BackupS3Config): S3Client {
  const credentials =
    config.accessKeyId !== undefined && config.secretAccessKey !== undefined
      ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
      : undefined;
  return new S3Client({
    region: config.region ?? 'us-east-1',
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle ?? config.endpoint !== undefined,
    // A streamed body would otherwise go out aws-chunked with a trailing CRC, which S3-compatible
    // servers do not all read (s3rver stores the framing as the object); table files carry their own SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // Without keys the SDK's own chain applies (instance roles, its standard variables and files).
    ...(credentials === undefined ? {} : { credentials }),
  });
}

const isMissing = (thrown: unknown): boolean =>
  thrown instanceof S3ServiceException && (thrown.name === 'NoSuchKey' || thrown.$metadata.httpStatusCode === 404);

export function s3Target(config: BackupS3Config): BackupTarget {
  const client = clientFor(config);
  const bucket = config.bucket;
  const prefix = config.prefix === undefined || config.prefix === '' ? '' : config.prefix.replace(/\/?$/, '/');
  const key = (id: string, file: string) => `${prefix}${id}/${file}`;

  async function keysUnder(under: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: under, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return keys;
  }

  async function removeKeys(keys: string[]): Promise<void> {
    // DeleteObjects takes at most 1000 keys a request.
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
      const first = result.Errors?.[0];
      if (first) throw new Error(`S3 refused to delete ${first.Key}: ${first.Code} ${first.Message}`);
    }
  }

  /** An object's body, streamed as it arrives; not_found when it is missing. */
  async function getBody(id: string, file: string) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(id, file) }));
      if (object.Body === undefined) throw new Error(`S3 returned no body for ${key(id, file)}`);
      return object.Body;
    } catch (thrown) {
      if (isMissing(thrown)) throw fail.notFound(`Backup ${id} has no ${file} in s3://${bucket}/${prefix}`);
      throw thrown;
    }
  }

  const put = async (id: string, file: string, body: Buffer) => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key(id, file), Body: body }));
  };
  /**
   * Streamed from disk: one PutObject takes up to 5 GB when its length is given beforehand. The
   * checksum is the one the manifest records, so the store refuses a body damaged on the way.
   */
  const putFile = async (id: string, file: string, from: LocalFile) => {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key(id, file),
        Body: createReadStream(from.path),
        ContentLength: from.bytes,
        ChecksumSHA256: Buffer.from(from.sha256, 'hex').toString('base64'),
      }),
    );
  };

  return {
    description: `s3://${bucket}/${prefix}`,
    open(id): BackupWriter {
      return {
        put: (file, from) => putFile(id, file, from),
        // Listing looks for manifests, so a backup cut short before this put is never listed.
        commit: (manifest) => put(id, MANIFEST_FILE, manifest),
        abort: async () => removeKeys(await keysUnder(key(id, ''))),
      };
    },
    async read(id, file) {
      const body = await getBody(id, file);
      return Buffer.from(await body.transformToByteArray());
    },
    async download(id, file, to) {
      const body = await getBody(id, file);
      await pipeline(body as Readable, createWriteStream(to, { flags: 'wx', mode: 0o600 }));
    },
    async list() {
      const suffix = `/${MANIFEST_FILE}`;
      return (await keysUnder(prefix))
        .filter((k) => k.endsWith(suffix))
        .map((k) => k.slice(prefix.length, -suffix.length))
        .filter(isBackupId);
    },
    async listIncomplete() {
      const byId = new Map<string, boolean>();
      for (const k of await keysUnder(prefix)) {
        const [id, file] = k.slice(prefix.length).split('/', 2);
        if (id !== undefined && isBackupId(id)) byId.set(id, (byId.get(id) ?? false) || file === MANIFEST_FILE);
      }
      return [...byId].filter(([, complete]) => !complete).map(([id]) => id);
    },
    async remove(id) {
      // The manifest first: a removal cut short leaves an unlisted remainder, never a listed backup with files missing.
      await removeKeys([key(id, MANIFEST_FILE)]);
      await removeKeys(await keysUnder(key(id, '')));
    },
  };
}
