// What was said becomes recallable: the real watcher ships a Claude Code session, the server extracts it, recall finds it.
import { appendFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { mcpEndpoint } from '../src/client/credentials';
import { serverSuite } from './helpers/suite';
import { claudeLine, newSession } from './helpers/transcripts';
import { runWatcher } from './helpers/watcher';

const suite = serverSuite();

interface Recalled {
  results: { memory: { content: string; loop_state: string | null; source: { chunk_id: string | null } | null } }[];
}

/** The watcher sends the session's working directory as project_hint; recall asks the same way. */
async function recall(client: Client, query: string): Promise<Recalled['results']> {
  const res = await client.callTool({ name: 'recall', arguments: { query, k: 20, project_hint: '/home/ada/src/billing' } });
  expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
  return (res.structuredContent as unknown as Recalled).results;
}

describe('svc-watcher → ingest_conversation → recall', () => {
  it('makes what was said in a session recallable once its extraction ran', async () => {
    const w = await suite.loggedIn();
    const session = await newSession(w.home, '-home-ada-src-billing', 'b0000000-0000-4000-8000-000000000007');
    const cwd = '/home/ada/src/billing';
    await appendFile(
      session.path,
      claudeLine(session.sessionId, 0, 'The billing service stores invoices in the Frankfurt region. We still need to add retries to the invoice mailer.', cwd) +
        claudeLine(session.sessionId, 1, 'Invoices are rendered with Typst templates kept in the templates folder.', cwd),
    );
    const pass = await runWatcher(['once'], w.env);
    expect(pass.code, pass.stderr).toBe(0);

    const client = new Client({ name: 'recall-check', version: '0' });
    await client.connect(
      new StreamableHTTPClientTransport(mcpEndpoint(suite.server.url), {
        requestInit: { headers: { authorization: `Bearer ${suite.server.token}` } },
      }),
    );
    try {
      // Extraction runs on the server's queue after the answer: wait for it, boundedly.
      let hits: Recalled['results'] = [];
      for (let i = 0; i < 100 && !hits.some((h) => h.memory.content.includes('Frankfurt')); i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        hits = await recall(client, 'Where does billing store invoices?');
      }
      expect(hits.find((h) => h.memory.content.includes('Frankfurt'))?.memory.source?.chunk_id).toBeTruthy();
      const loops = await recall(client, 'retries invoice mailer');
      expect(loops.find((h) => h.memory.content.includes('retries'))?.memory.loop_state).toBe('open');
      expect((await recall(client, 'Typst templates')).some((h) => h.memory.content.startsWith('Assistant: Invoices are rendered'))).toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);
});
