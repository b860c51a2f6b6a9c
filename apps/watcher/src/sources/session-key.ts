// The stable key of a transcript file's conversation, sent with every chunk so a resend is stored once.
import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';
import { bounds } from '@svc/contract';
import type { SessionMeta, SourceKind } from './turn';

/** The tool's own session id where it has one; a plain file is known by its path. */
export function sessionKeyOf(kind: SourceKind, path: string, meta: SessionMeta): string {
  const stem = basename(path, extname(path));
  if (kind === 'claude-code') return clip(`claude-code:${meta.sessionId ?? stem}`);
  if (kind === 'codex') return clip(`codex:${meta.sessionId ?? stem}`);
  const digest = createHash('sha256').update(path).digest('hex').slice(0, 16);
  return clip(`file:${digest}:${stem}`);
}

function clip(key: string): string {
  return key.slice(0, bounds.SESSION_KEY_MAX_CHARS).replace(/\s+/g, ' ');
}
