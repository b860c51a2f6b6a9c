import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createAlarms } from './alarms';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import { serveMetrics } from './metrics-server';

const metrics = createMetrics({ defaults: false });
const server = await serveMetrics(metrics.registry, { port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the worker metrics endpoint', () => {
  it('serves the counters, alarms included, in the exposition format, and nothing else', async () => {
    createAlarms({ logger: createLogger({ transports: [] }), counter: metrics.alarms }).raise(
      'job_failed',
      { message: 'boom' },
    );
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toContain('svc_alarms_total{alarm="job_failed"} 1');
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
