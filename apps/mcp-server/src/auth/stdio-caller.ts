// Decides who a stdio session acts as: the SVC_TOKEN holder, else the one local user of the instance.
import { listUsers, type Database } from '@svc/db';
import type { Caller } from './caller';
import { verifyBearer } from './verify-bearer';

export async function resolveStdioCaller(
  database: Database,
  token: string | undefined,
): Promise<Caller | null> {
  if (token) return verifyBearer(database, token);
  // Without a token only an unambiguous single-user instance is served; two users means choose.
  const users = await listUsers(database.db, { limit: 2 });
  const only = users.length === 1 ? users[0] : undefined;
  return only ? { userId: only.id, email: only.email, aal: 'aal2', via: 'local' } : null;
}
