// Whether a request is a top-level page load, the only kind a redirect to a sign-in page can help.
export interface RequestFacts {
  method: string;
  headers: Pick<Headers, 'get'>;
}

/** A GET whose Sec-Fetch-Mode is `navigate`, or, from a browser that sends no such header, one that accepts HTML. */
export function isNavigation({ method, headers }: RequestFacts): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const mode = headers.get('sec-fetch-mode');
  if (mode !== null) return mode === 'navigate';
  return (headers.get('accept') ?? '').includes('text/html');
}

/**
 * Whether the browser will show the answer as a page: any navigation, a plain form's post included.
 * A post cannot be sent to sign in (a redirect would drop its body), but when the service is down
 * the person posting a form should see the same styled page as one loading it.
 */
export function showsPage(request: RequestFacts): boolean {
  if (isNavigation(request)) return true;
  return request.headers.get('sec-fetch-mode') === 'navigate' && request.headers.get('sec-fetch-dest') === 'document';
}
