// The secret guard on cards over MCP: title, body and every reason refused before anything is written.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRET, backlogCard, card, projectThread } from './helpers/cards';
import { serverWithUsers } from './helpers/fixture';


const fx = serverWithUsers(['ada']);
let ada: Client;
let thread = '';
beforeAll(async () => {
  ({ ada } = fx.users);
  ({ thread } = await projectThread(ada, '/home/ada/src/billing'));
});

describe('secrets', () => {
  it('refuses a secret in title, body and every reason, naming the field and never echoing it', async () => {
    const base = { action: 'create', title: 'Rotate keys', type: 'task', no_links: 'n', thread };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, title: `use ${SECRET}` }, 'title'],
      [{ ...base, body: `token ${SECRET}` }, 'body'],
      [{ ...base, no_links: `see ${SECRET}` }, 'no_links'],
      [{ ...base, state: 'active', no_branch: `push with ${SECRET}` }, 'no_branch'],
      [
        {
          ...base,
          no_links: undefined,
          links: [{ card: 'SVC-1', relation: 'relates_to', reason: `shares ${SECRET}` }],
        },
        'links[0].reason',
      ],
    ];
    for (const [args, field] of cases) {
      const res = await card(ada, args);
      expect(res.error?.message).toMatch(/^secret_content_rejected:/);
      expect(res.error?.details).toMatchObject({ refusal: 'secret_content_rejected', field });
      expect(JSON.stringify(res.raw)).not.toContain(SECRET);
    }
    const target = await backlogCard(ada, thread, 'Will move');
    const move = await card(ada, {
      action: 'move',
      card: target.label,
      state: 'dropped',
      not_landed: `abandoned ${SECRET}`,
      thread,
    });
    expect(move.error?.details).toMatchObject({ field: 'not_landed' });
    const edit = await card(ada, { action: 'edit', card: target.id, body: SECRET });
    expect(edit.error?.message).toMatch(/^secret_content_rejected:/);
  });
});
