// Administrative actions on bearer tokens.
import { createApiToken, findUserByEmail, type Database } from '@svc/db';
import { fail } from '@svc/errors';
import { z } from 'zod';
import { recordAudit } from '../usage/audit-log';

export const tokenCreateArgs = z.object({
  user: z.string().min(3).max(320),
  name: z.string().min(1).max(200).optional(),
});

/** The token is the whole output: printed once, stored only as a hash. */
export async function tokenCreate(db: Database, args: z.infer<typeof tokenCreateArgs>): Promise<string> {
  const found = await findUserByEmail(db.db, args.user);
  if (!found) throw fail.notFound(`No user with email ${args.user}`);
  // The token and its audit row commit together: no token is ever issued unrecorded.
  const { token } = await db.system(async (tx) => {
    const issued = await createApiToken(tx, found.id, { name: args.name });
    await recordAudit(tx, {
      action: 'token_issued',
      target: { type: 'api_token', id: issued.record.id },
      userId: found.id,
      details: { via: 'cli', name: issued.record.name },
    });
    return issued;
  });
  return token;
}
