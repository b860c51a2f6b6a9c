// Writes memory vectors and reads the texts to embed; the SQL side of indexing.
import { rowsOf, vectorText, type Executor } from '@svc/db';
import { sql, type SQL } from 'drizzle-orm';
import { uuidArray } from './sql/arrays';

export interface MemoryVector {
  memoryId: string;
  vector: ArrayLike<number>;
}

export interface EmbeddableMemory {
  id: string;
  text: string;
}

/**
 * The text a memory is embedded from: its English translation when it has one (the default
 * model is English-only), else its content.
 */
const EMBED_TEXT = sql`coalesce(nullif(m.content_en, ''), m.content)`;

/**
 * The memories among `ids` that this executor may give a vector: as a signed-in user only its own
 * (the memory_embeddings write policy), as the service every one. `svc_uid()` is null outside a
 * user transaction.
 */
export async function loadEmbeddable(
  exec: Executor,
  ids: readonly string[],
): Promise<EmbeddableMemory[]> {
  if (ids.length === 0) return [];
  const result = await exec.execute(sql`
    select m.id, ${EMBED_TEXT} as text from memories m
    where m.id = any(${uuidArray(ids)}) and (svc_uid() is null or m.owner_id = svc_uid())`);
  return rowsOf<EmbeddableMemory>(result);
}

/** Memories with no vector of `model` yet, newest first (the likeliest to be recalled). */
export async function loadMissing(
  exec: Executor,
  model: string,
  limit: number,
): Promise<EmbeddableMemory[]> {
  const result = await exec.execute(sql`
    select m.id, ${EMBED_TEXT} as text from memories m
    where not exists (select 1 from memory_embeddings e where e.memory_id = m.id and e.model = ${model})
    order by m.created_at desc, m.id
    limit ${limit}`);
  return rowsOf<EmbeddableMemory>(result);
}

/**
 * Upserts vectors of `model`. A memory deleted meanwhile is skipped rather than failing the
 * batch on its foreign key. As a statement, so remember can run it inside its near-duplicate search.
 */
export function storeEmbeddingsStatement(model: string, vectors: readonly MemoryVector[]): SQL {
  const values = sql.join(
    vectors.map((v) => sql`(${v.memoryId}::uuid, ${vectorText(v.vector)}::vector)`),
    sql`, `,
  );
  return sql`
    insert into memory_embeddings (memory_id, model, embedding)
    select x.memory_id, ${model}, x.embedding
    from (values ${values}) as x(memory_id, embedding)
    where exists (select 1 from memories m where m.id = x.memory_id)
    on conflict (memory_id, model) do update set embedding = excluded.embedding, created_at = now()
    returning memory_id`;
}

export async function storeEmbeddings(
  exec: Executor,
  model: string,
  vectors: readonly MemoryVector[],
): Promise<number> {
  if (vectors.length === 0) return 0;
  return rowsOf(await exec.execute(storeEmbeddingsStatement(model, vectors))).length;
}
