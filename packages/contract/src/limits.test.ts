// The Limits table value by value, and sanity of the bounds the service chose.
import { describe, expect, it } from 'vitest';
import * as bounds from './bounds';
import * as limits from './limits';

/** The Limits table of the contract, value by value. */
const CONTRACT_TABLE = {
  RECALL_K_MAX: 100,
  TRANSCRIPT_CHUNK_MAX_CHARS: 200_000,
  RECALLED_IDS_MAX: 200,
  REDIRECT_URIS_MAX: 8,
  REDIRECT_URI_MAX_CHARS: 2048,
  TOOL_DESCRIPTION_MAX_BYTES: 2048,
  WATCHER_CHUNK_SPLIT_CHARS: 24_000,
  REQUEST_DURATION_MAX_MS: 60_000,
  SERVER_TIMEOUT_MS: 60_000,
  REQUEST_HEADERS_MAX_BYTES: 10_240,
  COOKIES_MAX_BYTES: 8192,
  JOB_MAX_DURATION_MS: 15 * 60 * 1000,
  JOB_CONCURRENCY: 1,
  WARM_UP_INTERVAL_MINUTES: 5,
  BACKUP_DAILY_AT_UTC: '03:30',
  BACKUP_DAILY_RETENTION_DAYS: 30,
  BACKUP_MONTHLY_RETENTION_DAYS: 365,
  BACKUP_MISSING_CHECK_INTERVAL_MS: 60 * 60 * 1000,
  BACKUP_MISSING_AFTER_MS: 24 * 60 * 60 * 1000,
  LOG_RETENTION_DAYS: 7,
};

describe('limits', () => {
  it.each(Object.entries(CONTRACT_TABLE))('%s is %s', (name, value) => {
    expect(limits[name as keyof typeof limits]).toBe(value);
  });

  it('bounds the registration scope and resource', () => {
    expect(limits.REGISTRATION_SCOPE_MAX_CHARS).toBeGreaterThan(0);
    expect(limits.REGISTRATION_RESOURCE_MAX_CHARS).toBeGreaterThan(0);
  });

  it('keeps chosen bounds positive and each default inside its range', () => {
    for (const [name, value] of Object.entries(bounds)) expect(value, name).toBeGreaterThan(0);
    expect(bounds.TOKEN_BUDGET_DEFAULT).toBeGreaterThanOrEqual(bounds.TOKEN_BUDGET_MIN);
    expect(bounds.TOKEN_BUDGET_DEFAULT).toBeLessThanOrEqual(bounds.TOKEN_BUDGET_MAX);
    expect(bounds.PAGE_LIMIT_DEFAULT).toBeLessThanOrEqual(bounds.PAGE_LIMIT_MAX);
    expect(bounds.MEMORY_PREVIEW_MAX_CHARS).toBeLessThan(bounds.MEMORY_CONTENT_MAX_CHARS);
    expect(limits.RECALL_K_DEFAULT).toBeLessThanOrEqual(limits.RECALL_K_MAX);
  });

  it('lets one watcher chunk fit a transcript_chunk many times over', () => {
    expect(limits.WATCHER_CHUNK_SPLIT_CHARS).toBeLessThan(limits.TRANSCRIPT_CHUNK_MAX_CHARS);
  });
});
