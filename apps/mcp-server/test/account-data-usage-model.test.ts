// GET /account/usage keeps language-model calls (translation, hygiene) apart from tool calls, with their tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageEvents } from '@svc/db';
import { person, request, type Person } from './helpers/account-data';
import { startHarness, type Harness } from './helpers/harness';
import { call } from './helpers/mcp-client';

interface Usage {
  total: { calls: number; errors: number };
  by_tool: { tool: string; calls: number }[];
  language_model: { calls: number; prompt_tokens: number; completion_tokens: number };
}

let h: Harness;
let ada: Person;
let bob: Person;
beforeAll(async () => {
  h = await startHarness();
  ada = await person(h, 'ada');
  bob = await person(h, 'bob');
});
afterAll(async () => {
  await ada.client.close();
  await bob.client.close();
  await h.close();
});

describe('GET /account/usage and the language model', () => {
  it('counts model calls apart, with their tokens, and only the person\'s own', async () => {
    await call(ada.client, 'remember', { content: 'The build uses pnpm.', scope: 'personal' });
    await h.deps.usage.flush();
    // Rows as the language-model client's ledger writes them (see llmUsageLedger).
    const row = (userId: string, tool: string, prompt: number, completion: number) => ({
      userId, tool, outcome: 'ok', durationMs: 900, requestId: null, promptTokens: prompt, completionTokens: completion,
    });
    await h.deps.database.db.insert(usageEvents).values([
      row(ada.userId, 'llm.translate', 120, 30),
      row(ada.userId, 'llm.hygiene', 80, 20),
      row(bob.userId, 'llm.translate', 999, 999),
    ]);

    const res = await request<Usage>(h, 'GET', '/account/usage?days=7', { token: ada.session });
    expect(res.status).toBe(200);
    expect(res.body.total).toEqual({ calls: 1, errors: 0 });
    expect(res.body.by_tool.map((t) => t.tool)).toEqual(['remember']);
    expect(res.body.language_model).toEqual({ calls: 2, prompt_tokens: 200, completion_tokens: 50 });
  });
});
