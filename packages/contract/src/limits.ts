// Every bound of the contract's Limits table as a named constant; values past a bound are refused.
// Character counts are UTF-16 code units (String.length), the unit zod and JSON tooling count in.

/* Tool inputs (7.0.0). */
export const RECALL_K_MIN = 1;
export const RECALL_K_MAX = 100;
export const RECALL_K_DEFAULT = 10;
export const TRANSCRIPT_CHUNK_MAX_CHARS = 200_000;
export const RECALLED_IDS_MAX = 200;

/* Dynamic client registration (7.0.0). The contract bounds scope and resource without a number;
   these are ours, see docs/contract/decisions.md: room for dozens of scope names, and a URL. */
export const REDIRECT_URIS_MAX = 8;
export const REDIRECT_URI_MAX_CHARS = 2048;
export const REGISTRATION_SCOPE_MAX_CHARS = 1024;
export const REGISTRATION_RESOURCE_MAX_CHARS = 2048;

/** Some clients cap each tool description at 2 KB; measured in UTF-8 bytes, the unit they count. */
export const TOOL_DESCRIPTION_MAX_BYTES = 2048;

/* Watcher daemon. */
export const WATCHER_CHUNK_SPLIT_CHARS = 24_000;

/* Requests behind the managed edge. */
export const REQUEST_DURATION_MAX_MS = 60_000;
export const SERVER_TIMEOUT_MS = 60_000;
/** "About 10 KB" of request headers, then 413. */
export const REQUEST_HEADERS_MAX_BYTES = 10_240;
/** Cookies over 8 KB: the identity-provider session cookies are cleared and the browser redirected. */
export const COOKIES_MAX_BYTES = 8192;

/* Background jobs. */
export const JOB_MAX_DURATION_MS = 15 * 60_000;
export const JOB_CONCURRENCY = 1;
/** `keepWarmMinutes` default; 0 turns the warm-up off. */
export const WARM_UP_INTERVAL_MINUTES = 5;

/* Backups and logs. */
export const BACKUP_DAILY_AT_UTC = '03:30';
export const BACKUP_DAILY_RETENTION_DAYS = 30;
/** First-of-month backups are kept one year. */
export const BACKUP_MONTHLY_RETENTION_DAYS = 365;
export const BACKUP_MISSING_CHECK_INTERVAL_MS = 60 * 60_000;
/** The missing-backup alarm fires when no backup was stored for longer than this. */
export const BACKUP_MISSING_AFTER_MS = 24 * 60 * 60_000;
export const LOG_RETENTION_DAYS = 7;
