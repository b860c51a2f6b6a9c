import { describe, expect, it } from 'vitest';
import { isRequestId } from '@svc/contract';
import {
  currentRequestId,
  ensureRequestContext,
  outsideRequestContext,
  runWithRequestContext,
} from './request-context';

describe('request context', () => {
  it('ensureRequestContext keeps the live request id', () => {
    const seen = runWithRequestContext({ requestId: 'req_live.1' }, () => ensureRequestContext(currentRequestId));
    expect(seen).toBe('req_live.1');
  });

  it('ensureRequestContext mints a well-formed id where there is no request', () => {
    expect(currentRequestId()).toBeUndefined();
    expect(isRequestId(ensureRequestContext(currentRequestId))).toBe(true);
  });

  it('outsideRequestContext detaches work scheduled from inside a request', async () => {
    const seen = await runWithRequestContext({ requestId: 'req_live.2' }, () =>
      outsideRequestContext(() => new Promise<string | undefined>((resolve) => setImmediate(() => resolve(currentRequestId())))),
    );
    expect(seen).toBeUndefined();
  });
});
