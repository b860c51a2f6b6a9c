// Turns a presented bearer credential into a caller; service API tokens now, OAuth tokens join later.
import { verifyApiToken, type Database } from '@svc/db';
import type { Caller } from './caller';

export async function verifyBearer(database: Database, token: string): Promise<Caller | null> {
  const user = await verifyApiToken(database.db, token);
  if (!user) return null;
  // API tokens are minted by the account holder on the CLI, so they count as a complete session.
  return { userId: user.id, email: user.email, aal: 'aal2', via: 'api_token' };
}
