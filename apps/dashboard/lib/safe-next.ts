// Where to send the browser after sign-in: only a path on this dashboard, never another site.
const FALLBACK = '/memories';
const BASE = 'http://dashboard.invalid';

/** A same-site relative path (with its query and fragment) or the fallback; `//host`, `/\host` and absolute URLs are refused. */
export function safeNext(raw: string | null | undefined, fallback = FALLBACK): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Control characters and backslashes are folded by browsers into other URLs; refuse them outright.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The current address as a `next` value: path and query of the request. */
export function nextOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/** `/login?next=…` (or another page) carrying where to return. */
export function withNext(page: string, next: string): string {
  return `${page}?next=${encodeURIComponent(safeNext(next))}`;
}
