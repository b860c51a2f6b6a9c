// Shared test fixtures: a migrated test database of this leg, a small cast of users, and refusal assertions.
import { ServiceError } from '@svc/errors';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  createProject,
  createUser,
  memories,
  setProjectMember,
  users,
  type Database,
  type Executor,
} from '../src/index';

/** PGlite `memory://`, or on the PostgreSQL leg a fresh database of its own (see src/testing.ts). */
export { openTestDatabase } from '../src/testing';

/** Awaits a promise that must fail, and returns what it threw. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the operation to be refused, but it succeeded');
    },
    (thrown: unknown) => thrown,
  );
}

/** The database itself refused with `sqlstate`, classified as a ServiceError where it happened. */
export async function expectSqlState(promise: Promise<unknown>, sqlstate: string): Promise<ServiceError> {
  const thrown = await failureOf(promise);
  expect(thrown, 'the failure should be classified as a ServiceError').toBeInstanceOf(ServiceError);
  const err = thrown as ServiceError;
  expect(err.details?.sqlstate, `expected SQLSTATE ${sqlstate}: ${err.message}`).toBe(sqlstate);
  return err;
}

export async function expectForbidden(promise: Promise<unknown>): Promise<ServiceError> {
  const err = await expectSqlState(promise, '42501');
  expect(err.code).toBe('forbidden');
  return err;
}

export interface Cast {
  /** Owner of project `alpha`. */
  alice: { id: string; personal: string };
  /** Writer in `alpha`; owner of `beta`, where alice only reads. */
  bob: { id: string; personal: string };
  /** Reader in `alpha`. */
  carol: { id: string; personal: string };
  /** Member of nothing alice is in; owner of `gamma`. */
  dave: { id: string; personal: string };
  alpha: { id: string; scope: string; board: string };
  beta: { id: string; scope: string; board: string };
  gamma: { id: string; scope: string; board: string };
}

async function person(db: Executor, name: string) {
  const { user, personalScopeId } = await createUser(db, `${name}@example.test`, name);
  return { id: user.id, personal: personalScopeId };
}

async function project(db: Executor, ownerId: string, name: string) {
  const created = await createProject(db, { ownerId, name });
  return { id: created.project.id, scope: created.scopeId, board: created.boardId };
}

export async function seedCast(database: Database): Promise<Cast> {
  return database.system(async (tx) => {
    const [alice, bob, carol, dave] = [
      await person(tx, 'alice'),
      await person(tx, 'bob'),
      await person(tx, 'carol'),
      await person(tx, 'dave'),
    ];
    const alpha = await project(tx, alice.id, 'alpha');
    await setProjectMember(tx, alpha.id, bob.id, 'writer');
    await setProjectMember(tx, alpha.id, carol.id, 'reader');
    const beta = await project(tx, bob.id, 'beta');
    await setProjectMember(tx, beta.id, alice.id, 'reader');
    const gamma = await project(tx, dave.id, 'gamma');
    return { alice, bob, carol, dave, alpha, beta, gamma };
  });
}

/** Inserts a memory as a privileged caller (fixtures bypass row-level security). */
export async function seedMemory(
  database: Database,
  values: { ownerId: string; scopeId: string; content: string } & Partial<typeof memories.$inferInsert>,
): Promise<string> {
  const [row] = await database.db.insert(memories).values(values).returning({ id: memories.id });
  if (row === undefined) throw new Error('memory fixture not inserted');
  return row.id;
}

export async function readMemory(database: Database, id: string) {
  const [row] = await database.db.select().from(memories).where(eq(memories.id, id));
  return row;
}

export async function enrollMfa(database: Database, userId: string): Promise<void> {
  await database.db.update(users).set({ mfaEnrolledAt: sql`now()` }).where(eq(users.id, userId));
}



export type MemoryChange = Partial<typeof memories.$inferInsert>;

/** An update of one memory as `userId`; returns the ids of the rows it changed. */
export function updateMemoryAs(database: Database, userId: string, id: string, set: MemoryChange) {
  return database.asUser({ userId }, (tx) =>
    tx.update(memories).set(set).where(eq(memories.id, id)).returning({ id: memories.id }),
  );
}
