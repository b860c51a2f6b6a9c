// Runs a transaction under a request role; the only code that sets role and caller settings.
import { fail } from '@svc/errors';
import { sql } from 'drizzle-orm';
import { fromPgError } from '../errors';
import type { Database, Db, Tx, UserContext } from './types';
import { isUuid } from '../uuid';
import type { Prelude, withTransactionPrelude } from './thread/pglite-proxy';


/**
 * One statement sets role and caller, all transaction-local (`true`), so nothing leaks to the
 * next user of a pooled connection. set_config('role', ...) is what SET LOCAL ROLE does.
 */
async function enterRole(tx: Tx, role: 'svc_authenticated' | 'svc_anon', userId: string, aal: string, opts?: Opening) {
  const extra = [
    ...Object.entries(opts?.settings ?? {}).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
    ...(opts?.readOnly ? [sql`set_config('transaction_read_only', 'on', true)`] : []),
  ];
  await tx.execute(
    sql`select ${sql.join([...extra, sql`set_config('svc.user_id', ${userId}, true), set_config('svc.aal', ${aal}, true), set_config('role', ${role}, true)`], sql`, `)}`,
  );
}

/**
 * Transaction-local settings (names and values are bound, never spliced), whether it only reads,
 * and whether its statements may run apart (`Prelude.apart`; a driver without preludes ignores it).
 */
interface Opening {
  settings?: Readonly<Record<string, string>>;
  readOnly?: boolean;
  apart?: boolean;
}

/** The same settings as one parameterised statement, for a driver that runs it as its transactions' prelude. */
function rolePrelude(role: 'svc_authenticated' | 'svc_anon', userId: string, aal: string, opts?: Opening): Prelude {
  const settings = "set_config('svc.user_id', $1, true), set_config('svc.aal', $2, true), set_config('role', $3, true)";
  // The caller's settings first: read-only and the role come after, so none of them can undo those.
  const entries = Object.entries(opts?.settings ?? {});
  const own = entries.map((_, i) => `set_config($${4 + 2 * i}, $${5 + 2 * i}, true), `).join('');
  const readOnly = opts?.readOnly ? "set_config('transaction_read_only', 'on', true), " : '';
  return { text: `select ${own}${readOnly}${settings}`, params: [userId, aal, role, ...entries.flat()], apart: opts?.apart };
}

async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (thrown) {
    throw fromPgError(thrown);
  }
}

export type RoleMethods = Pick<Database, 'asUser' | 'readsAsUser' | 'statementsAsUser' | 'asAnon' | 'system'>;

/**
 * `withPrelude`: the driver can run a statement right after BEGIN with the transaction's first one
 * (the database thread): the settings then cost no round trip of their own. Without it they are
 * the transaction's first statement.
 */
export function roleMethods(db: Db, withPrelude?: typeof withTransactionPrelude): RoleMethods {
  const asRole = <T>(
    role: 'svc_authenticated' | 'svc_anon',
    userId: string,
    aal: string,
    fn: (tx: Tx) => Promise<T>,
    opts?: Opening,
  ) =>
    mapped(() =>
      withPrelude
        ? withPrelude(rolePrelude(role, userId, aal, opts), () => db.transaction(fn))
        : db.transaction(async (tx) => {
            await enterRole(tx, role, userId, aal, opts);
            return fn(tx);
          }),
    );
  const asUser = <T>(ctx: UserContext, fn: (tx: Tx) => Promise<T>, opts: Opening) => {
    if (!isUuid(ctx.userId)) {
      return Promise.reject(fail.validation('userId must be a uuid', { userId: ctx.userId }));
    }
    return asRole('svc_authenticated', ctx.userId, ctx.aal ?? 'aal1', fn, opts);
  };
  return {
    asUser: (ctx, fn, settings) => asUser(ctx, fn, { settings }),
    readsAsUser: (ctx, fn, settings) => asUser(ctx, fn, { settings, readOnly: true, apart: true }),
    statementsAsUser: (ctx, fn, settings) => asUser(ctx, fn, { settings, apart: true }),
    // Cleared explicitly: a session-level value set by someone else must not survive.
    asAnon: (fn) => asRole('svc_anon', '', '', fn),
    system(fn) {
      return mapped(() => db.transaction(fn));
    },
  };
}
