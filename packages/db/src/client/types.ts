// The one database interface both drivers implement, and the drizzle types queries are written against.
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from '../schema';

export type Schema = typeof schema;

/** A drizzle database over the full schema, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A drizzle transaction over the full schema. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Where a query can run: the privileged database or an open transaction (as a user or not). */
export type Executor = Db | Tx;

/** The authenticated caller a transaction runs for. */
export interface UserContext {
  userId: string;
  /**
   * Assurance level of the session. Defaults to aal1: an account with a verified second factor
   * then sees no row and can write nothing (contract, Authentication 4).
   */
  aal?: 'aal1' | 'aal2';
}

export interface Database {
  readonly kind: 'embedded' | 'server';
  /**
   * Every parameterised statement stays prepared under a name (the embedded database's thread), so
   * a generic plan (`plan_cache_mode`) is planned once and then reused. Elsewhere a statement is
   * planned at each run, and a generic plan would only be a worse one.
   */
  readonly keepsPlans: boolean;
  /** Privileged (bypasses row-level security): for system work such as jobs and sign-in. */
  readonly db: Db;
  /**
   * A transaction as svc_authenticated for `ctx.userId`; row-level security applies. `settings`:
   * transaction-local settings (`set_config(name, value, true)`, names and values bound) made in
   * the same statement as the role's, so they cost no statement (on the embedded default, no round
   * trip) of their own.
   */
  asUser<T>(ctx: UserContext, fn: (tx: Tx) => Promise<T>, settings?: Readonly<Record<string, string>>): Promise<T>;
  /**
   * As `asUser`, read-only: a write fails with 25006, so nothing done in it can be half-written.
   * Every statement sees `settings` and nothing an earlier statement set: in the embedded
   * database's thread each statement runs on its own after the role's (the connection is free
   * between them), which at READ COMMITTED sees what one transaction would.
   */
  readsAsUser<T>(ctx: UserContext, fn: (tx: Tx) => Promise<T>, settings?: Readonly<Record<string, string>>): Promise<T>;
  /**
   * As `asUser`, for work whose writes are each one statement complete in itself (a session
   * touched, a project attached) and may stand if a later statement fails. In the embedded
   * database's thread each statement runs and commits on its own after the role's, as a read's
   * do (`readsAsUser`); elsewhere it is one transaction.
   */
  statementsAsUser<T>(ctx: UserContext, fn: (tx: Tx) => Promise<T>, settings?: Readonly<Record<string, string>>): Promise<T>;
  /** A transaction as svc_anon: no table is readable and the Database API refuses with 42501. */
  asAnon<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A privileged transaction. */
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `text`, a privileged read of one text column named `line`, in the caller's lane, and
   * appends its rows to the file at `path`, one a line; resolves to how many. On the embedded
   * default the database thread writes them itself: a backup's text (about 600 MB at 100,000
   * memories, most of it vectors) never crosses into the serving thread, where it outlived the
   * young generation and grew the heap past 1 GB of RSS while calls ran beside it.
   */
  appendLines(text: string, path: string): Promise<number>;
  /** Resolves when the database answers; throws when it is unreachable (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What a driver hands to openDatabase: the database and how to migrate it (kept off the public interface). */
export interface DriverHandle {
  database: Database;
  migrate(): Promise<void>;
}
