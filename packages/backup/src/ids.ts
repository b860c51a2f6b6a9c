// Backup ids: sortable by time, safe as a directory or object-key segment, and checked where they arrive.
import { randomBytes } from 'node:crypto';
import { fail } from '@svc/errors';
import type { BackupReason } from './manifest';

const ID_PATTERN = /^(\d{8}T\d{6})Z-(daily|deploy|manual)-([0-9a-f]{6})$/;

export function newBackupId(now: Date, reason: BackupReason): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
  return `${stamp}-${reason}-${randomBytes(3).toString('hex')}`;
}

export function isBackupId(value: string): boolean {
  return ID_PATTERN.test(value);
}

/** An id typed by an operator becomes a path or key: only the shape this module makes is let through. */
export function parseBackupId(value: string): string {
  if (!isBackupId(value)) throw fail.validation(`Not a backup id: ${JSON.stringify(value)} (expected like 20261125T033000Z-daily-1a2b3c)`);
  return value;
}
