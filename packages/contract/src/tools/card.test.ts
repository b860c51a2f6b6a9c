// The card tool: each action accepts the contract inputs and refuses contradictions and fields of other actions.
import { describe, expect, it } from 'vitest';
import { ID, card, chars } from '../../test/fixtures';
import { accepts, refuses } from '../../test/schema';
import { CARD_TITLE_MAX_CHARS, LINKS_MAX, REASON_MAX_CHARS } from '../bounds';
import { cardActionInput, cardFields } from './card-actions';
import { TOOLS } from './index';

const input = TOOLS.card.input;
const branch = { repo: 'github.com/acme/billing', name: 'fix/webhook-retry' };
const link = { card: 'SVC-3', relation: 'blocks', reason: 'retries need the queue' };

describe('card create', () => {
  it('accepts the contract inputs', () => {
    accepts(input, { action: 'create', title: 'Retry webhooks', type: 'bug', links: [link] });
    accepts(input, {
      action: 'create',
      title: 'Docs',
      type: 'task',
      no_links: 'standalone',
      state: 'active',
      no_branch: 'docs only',
    });
    accepts(input, {
      action: 'create',
      title: 'x',
      type: 'spike',
      links: [{ ...link, card: ID.a }],
      branch,
      project_hint: 'billing',
    });
  });

  it('leaves type and links to the server, which refuses with type_required or links_required', () => {
    // Those refusals name candidate cards, which only the server knows, so the schema lets them through.
    accepts(input, { action: 'create', title: 'x' });
  });

  it('refuses contradictions and malformed statements', () => {
    refuses(input, { action: 'create', title: 'x', links: [link], no_links: 'none' }, 'not both');
    refuses(input, { action: 'create', title: 'x', branch, no_branch: 'none' }, 'not both');
    refuses(input, { action: 'create', title: 'x', links: [] }, 'no_links');
    refuses(input, { action: 'create', title: 'x', type: 'epic' }, 'type');
    refuses(input, { action: 'create', title: 'x', links: [{ ...link, card: 'SVC-0' }] }, 'card');
    refuses(
      input,
      { action: 'create', title: 'x', links: [{ ...link, relation: 'likes' }] },
      'relation',
    );
    refuses(
      input,
      { action: 'create', title: 'x', links: [{ card: 'SVC-3', relation: 'blocks' }] },
      'reason',
    );
    refuses(input, { action: 'create', title: 'x', state: 'done' }, 'state');
    refuses(input, { action: 'create' }, 'title');
  });

  it('bounds title, reasons and links', () => {
    accepts(input, {
      action: 'create',
      title: chars(CARD_TITLE_MAX_CHARS),
      no_links: chars(REASON_MAX_CHARS),
    });
    refuses(input, { action: 'create', title: chars(CARD_TITLE_MAX_CHARS + 1) }, 'title');
    refuses(
      input,
      { action: 'create', title: 'x', no_links: chars(REASON_MAX_CHARS + 1) },
      'no_links',
    );
    refuses(
      input,
      { action: 'create', title: 'x', links: Array.from({ length: LINKS_MAX + 1 }, () => link) },
      'links',
    );
  });
});

describe('card move, land and other actions', () => {
  it('moves with the statements a move into or out of active may need', () => {
    accepts(input, {
      action: 'move',
      card: 'SVC-12',
      state: 'active',
      type: 'bug',
      no_links: 'none',
      branch,
    });
    accepts(input, {
      action: 'move',
      card: ID.b,
      state: 'review',
      not_landed: 'waiting for review in PR 7',
    });
    refuses(input, { action: 'move', card: 'SVC-12' }, 'state');
    refuses(input, { action: 'move', state: 'done' }, 'card');
  });

  it('lands a branch, optionally moving on', () => {
    accepts(input, { action: 'land', card: 'SVC-12', branch, commit: 'a1b2c3d', state: 'done' });
    refuses(input, { action: 'land', card: 'SVC-12', commit: 'HEAD' }, 'commit');
  });

  it('attaches and detaches memories, cards and urls, checking the ref against its kind', () => {
    accepts(input, { action: 'attach', card: 'SVC-12', ref_kind: 'memory', ref: ID.a });
    accepts(input, { action: 'attach', card: 'SVC-12', ref_kind: 'card', ref: 'SVC-3' });
    accepts(input, {
      action: 'detach',
      card: 'SVC-12',
      ref_kind: 'url',
      ref: 'https://example.com/pr/7',
    });
    refuses(input, { action: 'attach', card: 'SVC-12', ref_kind: 'memory', ref: 'SVC-3' }, 'ref');
    refuses(
      input,
      { action: 'attach', card: 'SVC-12', ref_kind: 'url', ref: 'javascript:alert(1)' },
      'ref',
    );
  });

  it('edits and links', () => {
    accepts(input, { action: 'edit', card: 'SVC-12', body: 'More detail' });
    refuses(input, { action: 'edit', card: 'SVC-12' }, 'title, body or type');
    accepts(input, { action: 'link', card: 'SVC-12', links: [link] });
    refuses(input, { action: 'link', card: 'SVC-12' }, 'links');
  });

  it('refuses fields that do not belong to the action', () => {
    refuses(
      input,
      { action: 'detach', card: 'SVC-1', ref_kind: 'url', ref: 'https://a.example', branch },
      'branch',
    );
    refuses(input, { action: 'edit', card: 'SVC-1', title: 'x', state: 'done' }, 'state');
    refuses(input, { action: 'archive', card: 'SVC-1' }, 'action');
  });
});

describe('card action schemas', () => {
  it('publish every action field in the flat tool input and nothing else', () => {
    const published = new Set(Object.keys(input.shape));
    const used = new Set([
      'action',
      ...cardActionInput.options.flatMap((option) => Object.keys(option.shape)),
    ]);
    expect([...published].sort()).toEqual([...used].sort());
    expect(Object.keys(cardFields).every((key) => published.has(key))).toBe(true);
  });

  it('narrow by action and apply its defaults', () => {
    const parsed = cardActionInput.parse(
      input.parse({ action: 'create', title: 'x', type: 'task', no_links: 'n' }),
    );
    expect(parsed.action === 'create' && parsed.state).toBe('backlog');
  });

  it('answer with the whole card', () => {
    accepts(TOOLS.card.output, { action: 'move', card: card(), changed: true });
  });
});
