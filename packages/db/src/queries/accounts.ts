// Deleting an account for real: what its foreign keys do not cascade to is removed here first.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client/types';
import { users } from '../schema/users';
import { rowsOf } from './rows';

export interface DeletedAccount {
  /** Projects the person was the only member of, deleted with their scope, boards and memories. */
  projectsDeleted: number;
  /** Memories the person owned, in any scope (shared project scopes included). */
  memoriesDeleted: number;
}

/**
 * Removes the person. Cascades take their sessions, factors, identities, tokens, consents,
 * memberships, personal scope and every memory they own (shared ones included: it is their data).
 * Before that: projects nobody else belongs to are deleted, a project left without an owner gets
 * its longest-standing remaining member (writers first) as owner, and the authorization server's
 * records of the person (grants, sessions, tokens, interactions) are removed, as nothing links them
 * by key. Run inside a privileged transaction. The usage ledger keeps its rows (no foreign key).
 */
export async function deleteAccount(tx: Tx, userId: string): Promise<DeletedAccount> {
  const [memories] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from memories where owner_id = ${userId}`),
  );
  const projects = rowsOf<{ id: string }>(
    await tx.execute(sql`
      delete from projects p
      where exists (select 1 from project_members m where m.project_id = p.id and m.user_id = ${userId})
        and not exists (select 1 from project_members m where m.project_id = p.id and m.user_id <> ${userId})
      returning p.id`),
  );
  await tx.execute(sql`
    update project_members pm set role = 'owner'
    from (
      select distinct on (m.project_id) m.project_id, m.user_id
      from project_members m
      where m.user_id <> ${userId}
        and exists (select 1 from project_members me
                    where me.project_id = m.project_id and me.user_id = ${userId} and me.role = 'owner')
        and not exists (select 1 from project_members o
                        where o.project_id = m.project_id and o.role = 'owner' and o.user_id <> ${userId})
      order by m.project_id, (m.role = 'writer') desc, m.created_at
    ) heir
    where pm.project_id = heir.project_id and pm.user_id = heir.user_id`);
  await tx.execute(sql`
    with grants as (
      select id from oauth_store where model = 'Grant' and payload->>'accountId' = ${userId}
    )
    delete from oauth_store
    where payload->>'accountId' = ${userId}
       or grant_id in (select id from grants)
       or payload->'session'->>'accountId' = ${userId}
       or payload->'result'->'login'->>'accountId' = ${userId}`);
  await tx.delete(users).where(eq(users.id, userId));
  return { projectsDeleted: projects.length, memoriesDeleted: memories?.n ?? 0 };
}
