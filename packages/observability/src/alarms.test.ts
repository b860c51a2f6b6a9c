import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import winston from 'winston';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlarms } from './alarms';
import { createLogger } from './logger';
import { createMetrics } from './metrics';

const logs: Record<string, unknown>[] = [];
const logger = createLogger({
  transports: [
    new winston.transports.Stream({
      stream: new Writable({
        write(chunk: Buffer, _e, done) {
          logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    }),
  ],
});

const received: { body: Record<string, unknown>; contentType: string | undefined }[] = [];
/** Answers 503 to the first `failFirst` posts, then 200: a receiver that is briefly down. */
let failFirst = 0;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({
        body: JSON.parse(raw) as Record<string, unknown>,
        contentType: req.headers['content-type'],
      });
      res.statusCode = failFirst-- > 0 ? 503 : 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('raising an alarm', () => {
  it('logs an error record, counts it, and posts a Slack-compatible JSON body, retrying a receiver that is down', async () => {
    const metrics = createMetrics({ defaults: false });
    const alarms = createAlarms({
      logger,
      counter: metrics.alarms,
      webhookUrl: url,
      backoffMs: 10,
    });
    received.length = 0;
    failFirst = 2;
    alarms.raise('job_failed', {
      runId: 'r-1',
      message: 'usage-upkeep failed: boom',
      job: 'usage-upkeep',
    });
    await alarms.settled();
    expect(logs.filter((l) => l.message === 'alarm')).toEqual([
      expect.objectContaining({
        level: 'error',
        alarm: 'job_failed',
        runId: 'r-1',
        job: 'usage-upkeep',
      }),
    ]);
    expect(await metrics.registry.getSingleMetricAsString('svc_alarms_total')).toContain(
      'svc_alarms_total{alarm="job_failed"} 1',
    );
    expect(received).toHaveLength(3);
    expect(received[2]).toEqual({
      contentType: 'application/json',
      body: expect.objectContaining({
        text: '[job_failed] usage-upkeep failed: boom',
        alarm: 'job_failed',
        runId: 'r-1',
      }),
    });
  });

  it('gives up after its attempts without throwing, and posts nothing when no webhook is set', async () => {
    const metrics = createMetrics({ defaults: false });
    received.length = 0;
    failFirst = 100;
    const alarms = createAlarms({
      logger,
      counter: metrics.alarms,
      webhookUrl: url,
      attempts: 2,
      backoffMs: 5,
    });
    alarms.raise('backup_missing', { message: 'no backup for a day' });
    await alarms.settled();
    expect(received).toHaveLength(2);
    expect(logs.some((l) => l.message === 'alarm_webhook_failed' && l.attempts === 2)).toBe(true);
    const silent = createAlarms({ logger, counter: metrics.alarms });
    silent.raise('backup_missing', { message: 'again' });
    await silent.settled();
    expect(received).toHaveLength(2);
    expect(await metrics.registry.getSingleMetricAsString('svc_alarms_total')).toContain(
      'svc_alarms_total{alarm="backup_missing"} 2',
    );
    failFirst = 0;
  });
});
