// The 8 KB cookie guard: which session cookies to clear when a browser's Cookie header grows too large.
import { COOKIES_MAX_BYTES } from '@svc/contract';

/** The names of the cookies in a Cookie header. */
export function cookieNames(header: string): string[] {
  return header
    .split(';')
    .map((part) => part.slice(0, part.includes('=') ? part.indexOf('=') : undefined).trim())
    .filter((name) => name.length > 0);
}

/**
 * The session cookies to clear, or none when the header is within the limit. Without a session cookie
 * to clear, a redirect would only loop, so the request goes on and meets the header limit instead.
 */
export function cookiesToClear(header: string | null, prefix: string, maxBytes = COOKIES_MAX_BYTES): string[] {
  if (!header || Buffer.byteLength(header) <= maxBytes) return [];
  return [...new Set(cookieNames(header).filter((name) => name.startsWith(prefix)))];
}
