// The loopback redirect of a native app's OAuth login (RFC 8252 §7.3): one callback on 127.0.0.1, then closed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Loopback {
  redirectUrl: string;
  /** Resolves with the authorization code once the browser comes back, with a matching state. */
  code(checkState: (state: string | null) => boolean, timeoutMs: number): Promise<string>;
  close(): void;
}

const page = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>svc-watcher</title><p>${text}</p>`;

export async function openLoopback(): Promise<Loopback> {
  let deliver: (url: URL) => void = () => undefined;
  const arrived = new Promise<URL>((resolve) => (deliver = resolve));
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const ok = url.searchParams.has('code');
    res.writeHead(ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      page(
        ok
          ? 'The watcher is signed in. You can close this window.'
          : 'Sign-in did not complete; see the terminal.',
      ),
    );
    deliver(url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    async code(checkState, timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('no answer from the browser in time; run login again')),
          timeoutMs,
        );
      });
      try {
        const url = await Promise.race([arrived, timeout]);
        const error = url.searchParams.get('error');
        if (error)
          throw new Error(
            `the server refused the sign-in: ${error} ${url.searchParams.get('error_description') ?? ''}`.trim(),
          );
        if (!checkState(url.searchParams.get('state')))
          throw new Error('the sign-in answer carried a state this login did not send');
        return url.searchParams.get('code')!;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => server.close(),
  };
}
