// `svc jobs` as an administrative action: every job with its schedule, next run and last outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminAction } from '../src/admin/actions';
import { startHarness, type Harness } from './helpers/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('svc jobs', () => {
  it('says so before the queue exists, then lists every job with its schedule and last outcome', async () => {
    expect(await runAdminAction(h.deps.database, 'jobs.list', {})).toMatch(/^no jobs yet/);
    await h.deps.jobs.start();
    const before = await runAdminAction(h.deps.database, 'jobs.list', {});
    const header = before.split('\n')[0];
    expect(header).toMatch(
      /^JOB\s+SCHEDULE \(UTC\)\s+NEXT RUN\s+LAST OUTCOME\s+LAST STARTED\s+DURATION$/,
    );
    // Usage upkeep is daily at 00:10 UTC; its after-deploy run may already be in flight or done.
    expect(before).toMatch(/usage-upkeep\s+10 0 \* \* \*\s+\d{4}-\d\d-\d\dT00:10:00Z/);
    expect(before).toMatch(/hygiene-scan\s+on request\s+-\s+never run/);
  });
});
