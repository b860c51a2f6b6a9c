import { Writable } from 'node:stream';
import winston from 'winston';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { runWithRequestContext } from './request-context';
import { timed } from './timing';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ transports: [new winston.transports.Stream({ stream })] }) };
}

describe('logger', () => {
  it('stamps every record inside a request with its request id, across awaits', async () => {
    const { lines, logger } = capture();
    await runWithRequestContext({ requestId: 'req_abc.1' }, async () => {
      logger.info('first');
      await new Promise((r) => setTimeout(r, 5));
      logger.warn('second');
    });
    logger.info('outside');
    expect(lines.map((l) => l.requestId)).toEqual(['req_abc.1', 'req_abc.1', undefined]);
  });

  it('logs duration_ms of a slow path with the request id', async () => {
    const { lines, logger } = capture();
    await runWithRequestContext({ requestId: 'req_x.2' }, () =>
      timed(logger, 'embedding', async () => 1),
    );
    expect(lines[0]).toMatchObject({ operation: 'embedding', ok: true, requestId: 'req_x.2' });
    expect(typeof lines[0]?.duration_ms).toBe('number');
  });

  it('keeps the stack of a failure logged at error level', () => {
    const { lines, logger } = capture();
    logger.error('failed', { err: undefined, stack: new Error('boom').stack });
    expect(lines[0]?.level).toBe('error');
    expect(String(lines[0]?.stack)).toContain('boom');
  });
});
