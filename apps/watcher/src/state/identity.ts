// Tells a file that grew from one that was truncated or replaced: inode, size and a hash of its first bytes.
import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';

const HEAD_BYTES = 1024;

export interface FileIdentity {
  ino: number;
  size: number;
  /** How many leading bytes the hash covers: fewer than HEAD_BYTES while the file is that short. */
  headLength: number;
  headHash: string;
}

async function hashHead(path: string, length: number): Promise<string> {
  const buffer = Buffer.alloc(length);
  const handle = await open(path, 'r');
  try {
    await handle.read(buffer, 0, length, 0);
  } finally {
    await handle.close();
  }
  return createHash('sha256').update(buffer).digest('hex');
}

export async function identify(path: string): Promise<FileIdentity> {
  const info = await stat(path);
  const headLength = Math.min(info.size, HEAD_BYTES);
  return { ino: info.ino, size: info.size, headLength, headHash: await hashHead(path, headLength) };
}

/**
 * Same file, only appended to: same inode, not shorter than what was read, and the bytes that were
 * hashed before are still the same bytes (an editor that saves by rename changes the inode; one that
 * rewrites in place changes the head).
 */
export async function isSameFile(
  path: string,
  known: FileIdentity,
  readUpTo: number,
): Promise<boolean> {
  const now = await stat(path);
  if (now.ino !== known.ino || now.size < readUpTo || now.size < known.headLength) return false;
  return (await hashHead(path, known.headLength)) === known.headHash;
}
