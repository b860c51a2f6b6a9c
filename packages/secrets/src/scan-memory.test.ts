// The guard scans every write of a long-running server: a scan must leave nothing behind in the
// process (secretlint's profiler would add about a hundred performance marks per scan otherwise).
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { scanForSecrets } from './scan';

describe('scanForSecrets memory', () => {
  it('adds no performance marks, however many scans run', async () => {
    await scanForSecrets('warm up');
    const before = performance.getEntriesByType('mark').length;
    for (let i = 0; i < 50; i += 1) await scanForSecrets(`note ${i}: deploy with the usual script`);
    expect(performance.getEntriesByType('mark').length).toBe(before);
  });
});
