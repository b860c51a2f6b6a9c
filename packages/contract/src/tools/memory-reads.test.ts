// Inputs and outputs of recall, build_context, the lifecycle tools and the signed-in search tools.
import { describe, it } from 'vitest';
import { ID, NOW, SESSION, memory } from '../../test/fixtures';
import { accepts, refuses } from '../../test/schema';
import { TOOLS } from './index';

describe('recall and build_context', () => {
  it('accepts a query with filters', () => {
    accepts(TOOLS.recall.input, {
      query: 'deploy days',
      k: 5,
      kinds: ['fact'],
      tags: ['billing'],
      since: NOW,
      include_retired: true,
    });
    refuses(TOOLS.recall.input, { query: '' }, 'query');
    refuses(TOOLS.recall.input, { query: 'q', since: 'last week' }, 'since');
  });

  it('returns scored results with why, notes and session', () => {
    accepts(TOOLS.recall.output, {
      results: [{ memory: memory(), score: 0.8, why: 'keyword match' }],
      notes: [],
      session: SESSION,
    });
    refuses(TOOLS.recall.output, {
      results: [{ memory: memory(), score: 1.5, why: '' }],
      notes: [],
    });
  });

  it('briefs a task within a bounded token budget', () => {
    accepts(TOOLS.build_context.input, {
      task: 'Fix webhook retries',
      token_budget: 2000,
      sections: ['rules', 'cards'],
    });
    refuses(TOOLS.build_context.input, { task: 'x', token_budget: 100 }, 'token_budget');
    refuses(TOOLS.build_context.input, { task: 'x', sections: ['gossip'] }, 'sections');
    accepts(TOOLS.build_context.output, {
      briefing: '## Rules',
      rules: [{ id: ID.c, rule_text: 'Run tests first.' }],
      open_loops: [memory({ loop_state: 'open' })],
      memories: [],
      cards: [],
      tokens_used: 120,
      dropped: [{ section: 'memories', count: 3 }],
      notes: [],
      session: SESSION,
    });
  });
});

describe('lifecycle tools', () => {
  it('forget, close_loop, restore_memory and move_memories take ids', () => {
    accepts(TOOLS.forget.input, { ids: [ID.a], reason: 'wrong' });
    accepts(TOOLS.forget.output, { retired: [ID.a], skipped: [{ id: ID.b, reason: 'forbidden' }] });
    accepts(TOOLS.close_loop.input, { id: ID.a, resolution: 'done in PR 42' });
    accepts(TOOLS.restore_memory.input, { id: ID.a });
    accepts(TOOLS.restore_memory.output, {
      memory: memory(),
      was_retired: true,
      removed_supersedes_links: [ID.b],
      remaining_supersedes_links: [],
    });
    accepts(TOOLS.move_memories.input, { ids: [ID.a], scope: 'personal' });
  });

  it('move_memories needs exactly one destination', () => {
    refuses(TOOLS.move_memories.input, { ids: [ID.a] }, 'exactly one');
    refuses(
      TOOLS.move_memories.input,
      { ids: [ID.a], scope: 'personal', project_hint: 'billing' },
      'exactly one',
    );
  });

  it('import_memory reports items by index', () => {
    accepts(TOOLS.import_memory.input, {
      items: [{ content: 'x', external_id: 'mem0:1' }],
      source_system: 'mem0',
    });
    refuses(TOOLS.import_memory.input, { items: [] }, 'items');
    accepts(TOOLS.import_memory.output, {
      imported: [{ index: 0, id: ID.a }],
      rejected: [{ index: 1, reason: 'secret_content_rejected' }],
      to: { scope: 'personal', project: null },
    });
  });
});

describe('signed-in search tools', () => {
  it('search_memories lists by filters with or without a query', () => {
    accepts(TOOLS.search_memories.input, {});
    accepts(TOOLS.search_memories.input, {
      query: 'postgres',
      mode: 'keyword',
      sort: 'newest',
      limit: 50,
    });
    accepts(TOOLS.search_memories.output, {
      memories: [{ memory: memory(), score: null }],
      next_cursor: null,
    });
  });

  it('find_similar_memory takes content or memory_id, not both', () => {
    accepts(TOOLS.find_similar_memory.input, { content: 'Billing deploys on Tuesdays' });
    accepts(TOOLS.find_similar_memory.input, { memory_id: ID.a, k: 50 });
    refuses(TOOLS.find_similar_memory.input, {}, 'exactly one');
    refuses(TOOLS.find_similar_memory.input, { content: 'x', memory_id: ID.a }, 'exactly one');
    refuses(TOOLS.find_similar_memory.input, { memory_id: ID.a, k: 51 }, 'k');
  });

  it('memory_version_history returns the chain and its events', () => {
    accepts(TOOLS.memory_version_history.input, { id: ID.a });
    accepts(TOOLS.memory_version_history.output, {
      id: ID.a,
      versions: [memory({ status: 'superseded' }), memory({ id: ID.b })],
      current: ID.b,
      events: [{ memory_id: ID.a, event: 'superseded', at: NOW, by: ID.user, detail: null }],
      truncated: false,
    });
  });
});
