// Where backups are stored: the one interface the directory and S3-compatible targets implement.

/** A file on this machine to be stored, with its size and SHA-256 (hex) as written. */
export interface LocalFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** Writes one backup; nothing is visible to `list` until `commit` has stored its manifest. */
export interface BackupWriter {
  /** Stores `file` with the contents of a local file, streamed (never held in memory whole). */
  put(file: string, from: LocalFile): Promise<void>;
  commit(manifest: Buffer): Promise<void>;
  /** Removes whatever was written (a failed backup leaves nothing behind). */
  abort(): Promise<void>;
}

export interface BackupTarget {
  /** For messages and logs: a directory path or `s3://bucket/prefix`, never a credential. */
  readonly description: string;
  open(id: string): BackupWriter;
  /** One small file of a complete backup (its manifest) in memory; not_found when the backup or file is missing. */
  read(id: string, file: string): Promise<Buffer>;
  /** One file of a complete backup copied to the local path `to`, streamed; not_found as `read`. */
  download(id: string, file: string, to: string): Promise<void>;
  /** The ids of complete backups (those with a manifest), in no particular order. */
  list(): Promise<string[]>;
  /** Ids with files but no manifest: a backup under way, or one a crash cut short. */
  listIncomplete(): Promise<string[]>;
  /** Removes a backup, complete or not. */
  remove(id: string): Promise<void>;
}

/** Where an S3-compatible target stores backups (read from BACKUP_S3_*). */
export interface BackupS3Config {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Key prefix, e.g. `svc/`; a missing trailing slash is added. */
  prefix?: string;
  /** Path-style addressing (`endpoint/bucket/key`): what local S3-compatible servers expect. */
  forcePathStyle?: boolean;
}
