// scan_hygiene with a language model (the fake endpoint): suspects confirmed with an explanation, dismissed, or kept when it fails.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmClient, llmConfig } from '@svc/llm';
import { startFakeLlm, type FakeLlm } from '@svc/llm/testing';
import { createLogger } from '@svc/observability';
import { serverWithUsers } from './helpers/fixture';
import { call } from './helpers/mcp-client';

const DUP = 'The staging database runs on port 5433.';
const PORT_NEGATED = 'The staging database no longer runs on port 5433.';
const TABS = 'Ada prefers tabs over spaces in Go code.';
const TABS_NEGATED = 'Ada does not prefer tabs over spaces in Go code.';
const EXPLAINED = 'One says the staging database is on port 5433, the other that it moved away from it.';

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
  fake.fallback((req) => {
    const asked = req.body.messages.at(-1)!.content;
    if (asked.includes(PORT_NEGATED)) return { answer: { verdict: 'contradiction', explanation: EXPLAINED } };
    if (asked.includes(TABS)) return { answer: { verdict: 'neither', explanation: 'Different scopes of preference.' } };
    return { answer: { verdict: 'duplicate', explanation: 'Both state the staging database port.' } };
  });
});
afterAll(() => fake.close());

const jobs = {
  mode: 'work' as const,
  embedder: null,
  keepWarmMinutes: 0,
  get llm() {
    return createLlmClient({ config: llmConfig({ baseUrl: fake.url, model: 'fake', backoffMs: 1, maxAttempts: 1 }), logger: createLogger({ level: 'error' }) });
  },
};
const fx = serverWithUsers(['ada'], { jobs });
let ada: Client;
beforeAll(() => ({ ada } = fx.users));

interface Scan { findings: { check: string; memory_ids: string[]; detail: string; conflict_id: string | null }[] }
interface RunOut { run: { id: string; status: string }; result: Scan | null }

async function remember(content: string): Promise<string> {
  const res = await call<{ memory: { id: string } }>(ada, 'remember', { content, scope: 'personal', on_duplicate: 'store_anyway' });
  if (res.error) throw new Error(JSON.stringify(res.error));
  return res.ok.memory.id;
}

async function scan(): Promise<Scan> {
  const start = await call<RunOut>(ada, 'scan_hygiene', { checks: ['duplicates', 'conflicts'] });
  await fx.h.deps.runs.idle();
  const read = await call<RunOut>(ada, 'scan_hygiene', { run_id: start.ok.run.id });
  expect(read.ok.run.status).toBe('succeeded');
  return read.ok.result!;
}

describe('hygiene that reads', () => {
  it('records what the model confirms, with its explanation, and drops what it dismisses', async () => {
    const a = await remember(DUP);
    const b = await remember(PORT_NEGATED);
    const c = await remember(TABS);
    const d = await remember(TABS_NEGATED);
    const result = await scan();
    const ids = (f: Scan['findings'][number]) => [...f.memory_ids].sort();
    const confirmed = result.findings.find((f) => ids(f).join() === [a, b].sort().join());
    expect(confirmed).toMatchObject({ check: 'conflicts', detail: EXPLAINED });
    expect(result.findings.some((f) => ids(f).join() === [c, d].sort().join())).toBe(false);
    expect(fake.requests.filter((r) => r.body.response_format?.json_schema?.name === 'pair_verdict').length).toBeGreaterThanOrEqual(2);

    const listed = await call<{ conflicts: { id: string; explanation: string | null }[] }>(ada, 'list_conflicts', {});
    expect(listed.ok.conflicts.find((x) => x.id === confirmed!.conflict_id)?.explanation).toBe(EXPLAINED);
  });

  it('keeps the word checks\' finding when the model fails', async () => {
    fake.fallback(() => ({ status: 500 }));
    const e = await remember('The release train leaves every second Tuesday.');
    const f = await remember('The release train leaves every second Tuesday.');
    const result = await scan();
    const kept = result.findings.find((x) => [...x.memory_ids].sort().join() === [e, f].sort().join());
    expect(kept).toMatchObject({ check: 'duplicates', detail: 'Identical content.' });
  });
});
