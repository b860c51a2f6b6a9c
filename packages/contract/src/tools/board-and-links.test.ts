// Inputs and outputs of board, card_log, link, promote_loop and promote_rule.
import { describe, expect, it } from 'vitest';
import { ID, card, chars } from '../../test/fixtures';
import { accepts, refuses } from '../../test/schema';
import { TOOLS } from './index';

const branch = { repo: 'github.com/acme/billing', name: 'fix/webhook-retry' };
const link = { card: 'SVC-3', relation: 'blocks', reason: 'retries need the queue' };

describe('board', () => {
  const board = TOOLS.board.input;
  it('gets a board and resolves a label or its number', () => {
    accepts(board, { action: 'get' });
    accepts(board, { action: 'get', states: ['active', 'review'], type: 'bug', limit: 10 });
    for (const label of ['SVC-12', 12, '12']) accepts(board, { action: 'resolve', label });
    refuses(board, { action: 'resolve' }, 'label');
    refuses(board, { action: 'resolve', label: 'SVC-012' }, 'label');
    refuses(board, { action: 'resolve', label: 0 }, 'label');
    refuses(board, { action: 'resolve', label: 12, limit: 5 }, 'limit');
  });

  it('answers with counts for every state and declared flags on relations', () => {
    const summary = {
      id: ID.b,
      label: 'SVC-12',
      number: 12,
      title: 't',
      type: 'bug',
      state: 'active',
      updated_at: card().updated_at,
      relations: [{ card_label: 'SVC-3', relation: 'relates_to', declared: false }],
      open_branches: [branch],
    };
    const counts = { backlog: 1, active: 1, review: 0, done: 4, dropped: 0 };
    accepts(TOOLS.board.output, {
      action: 'get',
      board: {
        project: { id: ID.project, name: 'billing' },
        counts,
        cards: [summary],
        next_cursor: null,
      },
    });
    refuses(TOOLS.board.output, {
      action: 'get',
      board: {
        project: { id: ID.project, name: 'b' },
        counts: { active: 1 },
        cards: [],
        next_cursor: null,
      },
    });
    accepts(TOOLS.board.output, { action: 'resolve', card: card() });
  });
});

describe('card_log, link, promote_loop, promote_rule', () => {
  it('card_log appends or reads', () => {
    accepts(TOOLS.card_log.input, { card: 'SVC-12', note: 'Found the cause.' });
    accepts(TOOLS.card_log.input, { card: 'SVC-12' });
    refuses(TOOLS.card_log.input, { card: 'SVC-12', note: ' ' }, 'note');
  });

  it('link relates entities or cards', () => {
    const relation = {
      from: { name: 'Ana', type: 'person' },
      relation: 'owns',
      to: { name: 'billing service' },
    };
    accepts(TOOLS.link.input, { action: 'entities', relations: [relation], memory_id: ID.a });
    accepts(TOOLS.link.input, { action: 'cards', card: 'SVC-12', links: [link] });
    refuses(
      TOOLS.link.input,
      { action: 'entities', relations: [{ ...relation, relation: 'Owns It' }] },
      'relation',
    );
    refuses(
      TOOLS.link.input,
      { action: 'cards', card: 'SVC-12', relations: [relation] },
      'relations',
    );
  });

  it('promote_loop follows card create and opens in active by default', () => {
    const parsed = TOOLS.promote_loop.input.parse({
      memory_id: ID.a,
      type: 'task',
      no_links: 'n',
      no_branch: 'n',
    });
    expect(parsed.state).toBe('active');
    refuses(
      TOOLS.promote_loop.input,
      { memory_id: ID.a, links: [link], no_links: 'n' },
      'not both',
    );
  });

  it('promote_rule takes a bounded rule text', () => {
    accepts(TOOLS.promote_rule.input, {
      rule_text: 'Run the tests before committing.',
      source_memory_id: ID.a,
    });
    refuses(TOOLS.promote_rule.input, { rule_text: chars(2001) }, 'rule_text');
  });
});
