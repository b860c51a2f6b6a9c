// Every tool bound at and past its edge: recall.k, transcript_chunk, recalled_ids, pages, bulk ids.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ID, chars } from '../../test/fixtures';
import { accepts, refuses } from '../../test/schema';
import { RECALLED_IDS_MAX, RECALL_K_MAX, TRANSCRIPT_CHUNK_MAX_CHARS } from '../limits';
import { TOOLS } from './index';

const recall = TOOLS.recall.input;
const ingest = TOOLS.ingest_conversation.input;
const chunk = { transcript_chunk: 'user: hi', run_id: 'run-1', session_key: 'conv-1', sequence: 0 };
const uuids = (n: number) =>
  Array.from({ length: n }, (_, i) => `3f2504e0-4f89-41d3-9a0c-${String(i).padStart(12, '0')}`);

describe('recall.k (at most 100; 7.0.0)', () => {
  it('accepts 1 and 100 and defaults to 10', () => {
    accepts(recall, { query: 'q', k: 1 });
    accepts(recall, { query: 'q', k: RECALL_K_MAX });
    if (recall.parse({ query: 'q' }).k !== 10) throw new Error('default k is 10');
  });

  it('refuses 101, 0 and fractions', () => {
    refuses(recall, { query: 'q', k: 101 }, 'k');
    refuses(recall, { query: 'q', k: 0 }, 'k');
    refuses(recall, { query: 'q', k: 2.5 }, 'k');
  });

  it('accepts every k in range and refuses every k above it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        (k) => recall.safeParse({ query: 'q', k }).success,
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 101 }), (k) => !recall.safeParse({ query: 'q', k }).success),
    );
  });
});

describe('ingest_conversation (7.0.0)', () => {
  it('accepts a chunk of exactly 200000 characters and refuses 200001', () => {
    accepts(ingest, { ...chunk, transcript_chunk: chars(TRANSCRIPT_CHUNK_MAX_CHARS) });
    refuses(
      ingest,
      { ...chunk, transcript_chunk: chars(TRANSCRIPT_CHUNK_MAX_CHARS + 1) },
      'transcript_chunk',
    );
  });

  it('accepts 200 recalled_ids and refuses 201', () => {
    accepts(ingest, { ...chunk, recalled_ids: uuids(RECALLED_IDS_MAX) });
    refuses(ingest, { ...chunk, recalled_ids: uuids(RECALLED_IDS_MAX + 1) }, 'recalled_ids');
  });

  it('refuses recalled_ids that are not uuids, and empty chunks', () => {
    refuses(ingest, { ...chunk, recalled_ids: ['SVC-1'] }, 'recalled_ids');
    refuses(ingest, { ...chunk, transcript_chunk: '' }, 'transcript_chunk');
  });

  it('keeps the transcript verbatim, surrounding whitespace included', () => {
    const text = '  user: hi\n';
    if (ingest.parse({ ...chunk, transcript_chunk: text }).transcript_chunk !== text)
      throw new Error('changed');
  });

  it('needs run_id, session_key and sequence', () => {
    refuses(ingest, { transcript_chunk: 'x' }, 'run_id');
    refuses(ingest, { ...chunk, sequence: -1 }, 'sequence');
    refuses(ingest, { ...chunk, run_id: 'has space' }, 'run_id');
  });
});

describe('bounds shared by many tools', () => {
  it('refuses a page limit above 100 everywhere it exists', () => {
    refuses(TOOLS.list_conflicts.input, { limit: 101 }, 'limit');
    accepts(TOOLS.list_conflicts.input, { limit: 100 });
    refuses(TOOLS.search_memories.input, { limit: 101 }, 'limit');
    refuses(TOOLS.board.input, { action: 'get', limit: 101 }, 'limit');
  });

  it('refuses bulk id lists above 100 and empty ones', () => {
    accepts(TOOLS.forget.input, { ids: uuids(100) });
    refuses(TOOLS.forget.input, { ids: uuids(101) }, 'ids');
    refuses(TOOLS.forget.input, { ids: [] }, 'ids');
    refuses(TOOLS.move_memories.input, { ids: uuids(101), scope: 'personal' }, 'ids');
  });

  it('refuses unknown input fields, so a misspelt target never silently lands elsewhere', () => {
    refuses(TOOLS.remember.input, { content: 'x', project: 'billing' }, 'project');
    refuses(TOOLS.recall.input, { query: 'q', limit: 5 }, 'limit');
    refuses(TOOLS.forget.input, { ids: [ID.a], force: true });
  });
});
