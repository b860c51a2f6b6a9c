// One guard everywhere: the credential kinds a user found stored are refused by every tool field
// the contract guards, over MCP, with the same rules as @svc/secrets, and never echoed.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { readFileSync } from 'node:fs';
import { SECRET_GUARDED_FIELDS } from '@svc/contract';
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
  { tool: 'link', field: 'relations[0].from.name', max: 200, args: (text) => ({ action: 'entities', scope: 'personal', relations: [{ from: { name: text }, relation: 'uses', to: { name: 'NAS' } }] }) },
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

describe('remember tags', () => {
  it('refuses a token given as a tag, naming the tag', async () => {
    const token = credentialCorpus('mcp-tags').find((c) => c.kind.id === 'github-pat')!.secret;
    const res = await call(ada, 'remember', { content: 'Rotated the deploy token today.', tags: ['deploy', token], thread });
    expect(res.error?.message).toMatch(/^secret_content_rejected:/);
    expect(res.error?.details).toMatchObject({ refusal: 'secret_content_rejected', field: 'tags[1]' });
    expect(JSON.stringify(res.raw)).not.toContain(token.slice(-24));
  });
});

/** Guarded fields whose refusal is tested beside their tool's other behaviour (a test file), or
 *  that share one check with a field tested here (promote_loop's card texts are card's). */
const TESTED_ELSEWHERE: Record<string, string> = {
  'card no_links': 'cards-secrets.test.ts',
  'card no_branch': 'cards-secrets.test.ts',
  'card not_landed': 'cards-secrets.test.ts',
  'card links[].reason': 'cards-secrets.test.ts',
  'promote_loop no_branch': 'promote-loop.test.ts',
  'promote_loop title': 'assertCardTextsClean, as card title',
  'promote_loop body': 'assertCardTextsClean, as card body',
  'promote_loop no_links': 'assertCardTextsClean, as card no_links',
  'promote_loop links[].reason': 'assertCardTextsClean, as card links[].reason',
  'resolve_conflicts choices[].merged_content': 'conflict-tools.test.ts',
};

describe('SECRET_GUARDED_FIELDS', () => {
  it('names only fields whose refusal a test sends', () => {
    const here = new Set([...FIELDS.map(({ tool, field }) => `${tool} ${field.replace(/\[\d+\]/g, '[]')}`), 'remember tags']);
    const untested = Object.entries(SECRET_GUARDED_FIELDS)
      .flatMap(([tool, fields]) => fields.map((field) => `${tool} ${field}`))
      .filter((key) => !here.has(key) && !TESTED_ELSEWHERE[key]);
    expect(untested).toEqual([]);
    for (const file of new Set(Object.values(TESTED_ELSEWHERE).filter((where) => where.endsWith('.test.ts')))) {
      expect(readFileSync(new URL(file, import.meta.url), 'utf8'), file).toMatch(/secret_content_rejected/);
    }
  });
});
