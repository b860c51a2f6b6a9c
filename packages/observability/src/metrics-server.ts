// A bare /metrics endpoint for a process without an HTTP app (the jobs worker), so its alarms are scraped too.
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export async function serveMetrics(
  registry: Registry,
  opts: { port: number; host: string },
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.statusCode = 404;
      res.end();
      return;
    }
    registry.metrics().then(
      (body) => {
        res.setHeader('content-type', registry.contentType);
        res.end(body);
      },
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return server;
}
