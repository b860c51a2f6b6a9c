// Whether the caller may write a scope, asked of the database's own rule so the two never disagree.
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@svc/db';

export async function canWriteScope(tx: Tx, scopeId: string): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select public.svc_can_write_scope(${scopeId}::uuid) as ok`));
  return row?.ok === true;
}
