// One guard everywhere: the credential kinds a user found stored are refused by every tool field
// the contract guards, over MCP, with the same rules as @svc/secrets, and never echoed.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { credentialCorpus } from '../../../packages/secrets/src/corpus/index';
import { backlogCard, projectThread } from './helpers/cards';
import { serverWithUsers } from './helpers/fixture';
import { call } from './helpers/mcp-client';

const REPORTED = ['openssh-private-key', 'azure-storage-connection-string', 'twilio-api-key', 'twilio-api-secret', 'discord-bot-token', 'nas-root-password'];
const cases = credentialCorpus('mcp-tools').filter((c) => REPORTED.includes(c.kind.id) && c.format === 'prose');

const fx = serverWithUsers(['ada']);
let ada: Client;
let thread = '';
let cardLabel = '';
let otherLabel = '';
beforeAll(async () => {
  ({ ada } = fx.users);
  ({ thread } = await projectThread(ada, '/home/ada/src/nas-tools'));
  cardLabel = (await backlogCard(ada, thread, 'Rotate the NAS keys')).label;
  otherLabel = (await backlogCard(ada, thread, 'Move backups off the NAS')).label;
});

/** Each guarded field: the tool, its arguments around the text, the field the refusal names, and
 *  the field's length bound (longer texts would be refused by the bound, not by the guard). */
const FIELDS: Array<{ tool: string; field: string; max: number; args: (text: string) => Record<string, unknown> }> = [
  { tool: 'remember', field: 'content', max: 16000, args: (text) => ({ content: text, thread }) },
  { tool: 'card', field: 'title', max: 200, args: (text) => ({ action: 'create', title: text, type: 'task', no_links: 'n', thread }) },
  { tool: 'card', field: 'body', max: 16000, args: (text) => ({ action: 'create', title: 'Rotate', body: text, type: 'task', no_links: 'n', thread }) },
  { tool: 'card_log', field: 'note', max: 4000, args: (text) => ({ card: cardLabel, note: text, thread }) },
  { tool: 'link', field: 'relations[0].to.name', max: 200, args: (text) => ({ action: 'entities', scope: 'personal', relations: [{ from: { name: 'NAS' }, relation: 'uses', to: { name: text } }] }) },
  { tool: 'link', field: 'links[0].reason', max: 1000, args: (text) => ({ action: 'cards', card: cardLabel, links: [{ card: otherLabel, relation: 'blocks', reason: text }], thread }) },
  { tool: 'promote_rule', field: 'rule_text', max: 2000, args: (text) => ({ rule_text: text }) },
];

describe('the secret guard on every guarded tool field', () => {
  it('has the reported kinds to send', () => {
    expect(new Set(cases.map((c) => c.kind.id))).toEqual(new Set(REPORTED));
  });

  for (const { tool, field, max, args } of FIELDS) {
    it(`refuses them in ${tool} ${field} without echoing them`, async () => {
      const fitting = cases.filter((c) => c.text.length <= max);
      expect(fitting.length).toBeGreaterThan(0);
      for (const c of fitting) {
        const res = await call(ada, tool, args(c.text));
        expect(res.error?.message, `${c.kind.id} in ${tool} ${field}`).toMatch(/^secret_content_rejected:/);
        expect(res.error?.details).toMatchObject({ refusal: 'secret_content_rejected', field });
        expect(JSON.stringify(res.raw)).not.toContain(c.secret.slice(-24));
      }
    });
  }
});
