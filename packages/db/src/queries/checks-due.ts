// Saved memories not yet checked against their neighbours (0028): written with the memory, worked off by the check job.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client/types';
import { rowsOf } from './rows';

/** One parameter, whatever the count: PostgreSQL parses (and so validates) the ids. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * The insert of markChecksDue as a statement, for a writer that runs it inside another statement's
 * WITH (remember's vector store): one round trip fewer in the transaction that holds the connection.
 */
export function markChecksDueStatement(memoryIds: readonly string[]): SQL {
  return sql`
    insert into public.memory_checks_due (memory_id)
    select unnest(${uuidArray(memoryIds)}::uuid[])
    on conflict do nothing`;
}

/** In the saving transaction (as its caller) or from a job; a memory already due stays due once. */
export async function markChecksDue(exec: Executor, memoryIds: readonly string[]): Promise<void> {
  if (memoryIds.length === 0) return;
  await exec.execute(markChecksDueStatement(memoryIds));
}

/**
 * The oldest due checks, at most `limit`, but none of `skip` (those a run already tried). With `waitForTranslation`, a memory not in English whose
 * current text has no translation yet is left for later: it is checked in English, once translated
 * (or once the translation was refused, which records the text's hash as well).
 */
export async function dueChecks(
  exec: Executor,
  opts: { limit: number; waitForTranslation: boolean; skip?: readonly string[] },
): Promise<string[]> {
  const rows = rowsOf<{ memory_id: string }>(
    await exec.execute(sql`
      select d.memory_id from public.memory_checks_due d
      join public.memories m on m.id = d.memory_id
      where d.memory_id <> all(${uuidArray(opts.skip ?? [])}::uuid[])
        and not (${opts.waitForTranslation} and m.language <> 'en'
          and m.invalidated_at is null
          and m.translated_from is distinct from md5(m.content))
      order by d.due_at, d.memory_id
      limit ${opts.limit}`),
  );
  return rows.map((r) => r.memory_id);
}

/** After their checks ran (or found the memory gone). */
export async function clearChecksDue(exec: Executor, memoryIds: readonly string[]): Promise<void> {
  if (memoryIds.length === 0) return;
  await exec.execute(sql`
    delete from public.memory_checks_due
    where memory_id = any(${uuidArray(memoryIds)}::uuid[])`);
}
