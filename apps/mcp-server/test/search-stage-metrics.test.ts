// A recall through `svc serve` shows up, stage by stage, in the svc_search_stage_seconds histogram of /metrics.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { SEARCH_STAGES } from '@svc/core';
import { createApiToken, createProject, createUser, openDatabase } from '@svc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, startServe, stop } from './helpers/cli';
import { call, connect } from './helpers/mcp-client';
import { sample, scrape } from './helpers/metrics';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-stage-metrics-'));
let child: ChildProcess;
let url: string;
let token: string;
let scope: string;

beforeAll(async () => {
  const database = await openDatabase({ dataDir });
  try {
    const { user } = await createUser(database.db, 'stages@example.com');
    token = (await createApiToken(database.db, user.id)).token;
    scope = `project:${(await createProject(database.db, { ownerId: user.id, name: 'stages' })).project.id}`;
  } finally {
    await database.close();
  }
  // Lexical only keeps the test free of the model; the embedding stage is then not reached.
  ({ child, url } = await startServe(cliEnv({ DATA_DIR: dataDir, EMBEDDINGS_PROVIDER: 'none' })));
}, 120_000);
afterAll(async () => {
  if (child) await stop(child);
  removeDataDir(dataDir);
});

describe('search stage metrics', () => {
  it('counts each stage a recall went through', async () => {
    const client = await connect(url, token);
    try {
      const before = await scrape(url);
      expect(before).toContain('# TYPE svc_search_stage_seconds histogram');
      const stored = await call(client, 'remember', { content: 'The staging cluster runs on Kubernetes.', scope });
      expect(stored.error).toBeUndefined();
      const found = await call<{ results: unknown[] }>(client, 'recall', { query: 'where does kubernetes run?', scope });
      expect(found.ok.results.length).toBeGreaterThan(0);
      const after = await scrape(url);
      const count = (text: string, stage: string) => sample(text, `svc_search_stage_seconds_count{stage="${stage}"}`);
      for (const stage of SEARCH_STAGES.filter((s) => s !== 'embedding')) {
        expect(count(after, stage) - count(before, stage), stage).toBeGreaterThanOrEqual(1);
      }
      expect(count(after, 'embedding')).toBe(0);
    } finally {
      await client.close();
    }
  });
});
