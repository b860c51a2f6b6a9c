// Runs a transaction under a request role; the only code that sets role and caller settings.
import { fail } from '@svc/errors';
import { sql } from 'drizzle-orm';
import { fromPgError } from '../errors';
import type { Database, Db, Tx, UserContext } from './types';
import { isUuid } from '../uuid';


/**
 * One statement sets role and caller, all transaction-local (`true`), so nothing leaks to the
 * next user of a pooled connection. set_config('role', ...) is what SET LOCAL ROLE does.
 */
async function enterRole(tx: Tx, role: 'svc_authenticated' | 'svc_anon', userId: string, aal: string) {
  await tx.execute(
    sql`select set_config('svc.user_id', ${userId}, true), set_config('svc.aal', ${aal}, true), set_config('role', ${role}, true)`,
  );
}

async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (thrown) {
    throw fromPgError(thrown);
  }
}

export type RoleMethods = Pick<Database, 'asUser' | 'asAnon' | 'system'>;

export function roleMethods(db: Db): RoleMethods {
  return {
    asUser(ctx: UserContext, fn) {
      if (!isUuid(ctx.userId)) {
        return Promise.reject(fail.validation('userId must be a uuid', { userId: ctx.userId }));
      }
      return mapped(() =>
        db.transaction(async (tx) => {
          await enterRole(tx, 'svc_authenticated', ctx.userId, ctx.aal ?? 'aal1');
          return fn(tx);
        }),
      );
    },
    asAnon(fn) {
      return mapped(() =>
        db.transaction(async (tx) => {
          // Cleared explicitly: a session-level value set by someone else must not survive.
          await enterRole(tx, 'svc_anon', '', '');
          return fn(tx);
        }),
      );
    },
    system(fn) {
      return mapped(() => db.transaction(fn));
    },
  };
}
