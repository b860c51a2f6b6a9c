// A person in a browser, made of fetch and a cookie jar: signs in, allows the consent, lands on the redirect URI.
import { PASSWORD } from './server';

export async function signInAndAllow(serverUrl: string, authorizationUrl: string): Promise<void> {
  const login = await fetch(`${serverUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'watcher@example.com', password: PASSWORD }),
  });
  const { session_token: session } = (await login.json()) as { session_token: string };
  const cookies = new Map<string, string>();
  const get = async (url: string) => {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  };
  const authorize = await get(authorizationUrl);
  const id = new URL(authorize.headers.get('location') ?? '', serverUrl).searchParams.get('id');
  if (!id) throw new Error(`authorize answered ${authorize.status}: ${await authorize.text()}`);
  const headers = { authorization: `Bearer ${session}`, 'content-type': 'application/json' };
  await fetch(`${serverUrl}/oauth/authorizations/${id}`, { headers });
  const decided = await fetch(`${serverUrl}/oauth/authorizations/${id}/consent`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ decision: 'allow' }),
  });
  let next = ((await decided.json()) as { redirect_to: string }).redirect_to;
  // Follow the server's redirects until the browser lands on the watcher's loopback callback.
  for (let hop = 0; hop < 6; hop++) {
    const res = await get(next);
    const location = res.headers.get('location');
    if (!location) return;
    next = new URL(location, next).href;
    if (new URL(next).port !== new URL(serverUrl).port) {
      await get(next);
      return;
    }
  }
  throw new Error('too many redirects');
}
