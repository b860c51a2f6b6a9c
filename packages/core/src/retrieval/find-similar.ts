// find_similar_memory and the near-duplicate check of remember: by vector, or by words without an embedder.
import { rowsOf, type Executor } from '@svc/db';
import { fail } from '@svc/errors';
import { timed } from '@svc/observability';
import { sql } from 'drizzle-orm';
import type { RetrievalDeps } from './deps';
import {
  lexicalSimilarStatement,
  storedVectorStatement,
  vectorSimilarStatement,
  type SimilarRow,
} from './sql/similar';
import { searchSettingsStatement } from './sql/query-terms';
import { DEFAULT_TUNING } from './tuning';
import type { SimilarMemory, SimilarOptions } from './types';

/** A starting bar for "near-duplicate" on remember: USE puts rewordings of one fact around 0.85-0.95. */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;

function parseVector(text: string): Float32Array {
  return Float32Array.from(
    text
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map(Number),
  );
}

/** The memory's text, which also proves the caller may see it (else not_found, never a leak). */
async function memoryText(exec: Executor, memoryId: string): Promise<string> {
  const rows = rowsOf<{ text: string }>(
    await exec.execute(
      sql`select coalesce(nullif(content_en, ''), content) as text from memories where id = ${memoryId}::uuid`,
    ),
  );
  const row = rows[0];
  if (!row) throw fail.notFound('No such memory', { memoryId });
  return row.text;
}

async function vectorFor(
  exec: Executor,
  options: SimilarOptions,
  text: string,
  deps: RetrievalDeps,
): Promise<Float32Array | null> {
  const embedder = deps.embedder;
  if (!embedder) return null;
  if (options.vector) return options.vector;
  if (options.memoryId) {
    const stored = rowsOf<{ embedding: string }>(
      await exec.execute(storedVectorStatement(options.memoryId, embedder.model)),
    )[0];
    if (stored) return parseVector(stored.embedding);
  }
  // Compared with stored memories, so embedded as one (asymmetric models prefix the two differently).
  const [vector] = await timed(
    deps.logger,
    'similar_embedding',
    () => embedder.embed([text], 'document'),
    {
      model: embedder.model,
    },
  );
  return vector ?? null;
}

/** Nearest visible memories to a stored memory or a text; the memory itself is never its own match. */
export async function findSimilar(
  exec: Executor,
  options: SimilarOptions,
  deps: RetrievalDeps,
): Promise<SimilarMemory[]> {
  if ((options.memoryId === undefined) === (options.text === undefined)) {
    throw fail.validation('pass exactly one of memoryId or text');
  }
  const k = Math.max(1, Math.min(100, Math.floor(options.k)));
  const min = options.minSimilarity ?? 0;
  const filters = {
    scopeIds: options.scopeIds,
    projectIds: options.projectIds,
    includeRetired: options.includeRetired,
  };
  const exclude = options.excludeId ?? options.memoryId;
  const text = options.memoryId ? await memoryText(exec, options.memoryId) : (options.text ?? '');
  const vector = await vectorFor(exec, options, text, deps);
  let rows: SimilarRow[];
  let method: SimilarMemory['method'];
  if (vector && deps.embedder) {
    const tuning = deps.tuning ?? DEFAULT_TUNING;
    await exec.execute(searchSettingsStatement(tuning.efSearch));
    const q = { model: deps.embedder.model, vector };
    const statement = vectorSimilarStatement(q, filters, k, tuning.exactVectorDocs, exclude);
    rows = rowsOf<SimilarRow>(await exec.execute(statement));
    method = 'vector';
  } else {
    const statement = lexicalSimilarStatement(text, filters, k, exclude);
    rows = rowsOf<SimilarRow>(await exec.execute(statement));
    method = 'lexical';
  }
  return rows
    .map((r) => ({
      memoryId: r.memory_id,
      similarity: Math.min(1, Math.max(0, Number(r.similarity))),
      method,
    }))
    .filter((m) => m.similarity >= min);
}
