// The remember tool: documented inputs accepted, every bound and target rule enforced, results as reported.
import { describe, expect, it } from 'vitest';
import { ID, SESSION, chars, memory } from '../../test/fixtures';
import { accepts, refuses } from '../../test/schema';
import { MEMORY_CONTENT_MAX_CHARS, TAGS_MAX } from '../bounds';
import { TOOLS } from './index';

const remember = TOOLS.remember.input;

describe('remember input', () => {
  it('accepts content alone, and every documented field', () => {
    accepts(remember, { content: 'Ana prefers squash merges.' });
    accepts(remember, {
      content: 'We moved billing to Postgres 17.',
      kind: 'decision',
      tags: ['billing', 'db'],
      importance: 0.9,
      scope: `project:${ID.project}`,
      supersedes: [ID.b],
      event_at: '2025-11-20',
      loop: false,
      on_duplicate: 'store_anyway',
      source: { agent: 'claude-code', conversation_id: 'c1', chunk_id: ID.c },
      metadata: { ticket: 42 },
      thread: SESSION.thread,
    });
    accepts(remember, { content: 'x', project_hint: 'github.com/acme/billing' });
  });

  it('refuses blank and over-long content', () => {
    refuses(remember, { content: '   ' }, 'content');
    accepts(remember, { content: chars(MEMORY_CONTENT_MAX_CHARS) });
    refuses(remember, { content: chars(MEMORY_CONTENT_MAX_CHARS + 1) }, 'content');
  });

  it('refuses two targets at once and malformed scopes', () => {
    refuses(remember, { content: 'x', scope: 'personal', project_hint: 'billing' }, 'not both');
    refuses(remember, { content: 'x', scope: 'project:billing' }, 'scope');
    refuses(remember, { content: 'x', scope: 'team' }, 'scope');
  });

  it('folds tags to lower case and bounds them', () => {
    expect(remember.parse({ content: 'x', tags: [' Billing '] }).tags).toEqual(['billing']);
    refuses(remember, { content: 'x', tags: ['two words'] }, 'tags');
    refuses(
      remember,
      { content: 'x', tags: Array.from({ length: TAGS_MAX + 1 }, (_, i) => `t${i}`) },
      'tags',
    );
  });

  it('bounds importance, metadata and thread', () => {
    refuses(remember, { content: 'x', importance: 1.1 }, 'importance');
    refuses(remember, { content: 'x', metadata: { blob: chars(9000) } }, 'metadata');
    refuses(remember, { content: 'x', thread: 'not-a-thread' }, 'thread');
  });
});

describe('remember output', () => {
  it('reports carried and review-flagged rules, near duplicates and the session', () => {
    accepts(TOOLS.remember.output, {
      memory: memory(),
      created: true,
      duplicate_of: null,
      near_duplicates: [{ id: ID.b, similarity: 0.91, content: 'Billing deploys Tuesdays' }],
      superseded: [ID.b],
      rules: {
        carried: [{ rule_id: ID.c, rule_text: 'x', from_memory_id: ID.b }],
        needs_review: [],
      },
      pending: ['translation'],
      session: SESSION,
    });
  });

  it('accepts a session without a project or thread', () => {
    const base = {
      memory: memory(),
      created: false,
      duplicate_of: ID.a,
      near_duplicates: [],
      superseded: [],
    };
    accepts(TOOLS.remember.output, {
      ...base,
      rules: { carried: [], needs_review: [] },
      pending: [],
      session: { attached_project: null },
    });
  });
});
