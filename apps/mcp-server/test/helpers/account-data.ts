// Helpers for the dashboard data route tests: a person with an MCP client and a dashboard session, and JSON calls.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { eq } from 'drizzle-orm';
import { createDashboardSession, raiseSessionAal, users, type Database } from '@svc/db';
import type { Harness } from './harness';
import { connect, newUserToken } from './mcp-client';
import { api, type Reply } from './account-auth';

export interface Person {
  userId: string;
  /** The person's API token, as an agent holds it. */
  apiToken: string;
  /** A dashboard session token (`svs_…`). */
  session: string;
  client: Client;
}

export async function dashboardToken(
  database: Database,
  userId: string,
  opts: { aal2?: boolean } = {},
): Promise<string> {
  const { token, session } = await createDashboardSession(database.db, { userId, amr: ['password'], ttlMs: 3_600_000 });
  if (opts.aal2) await raiseSessionAal(database.db, session.id, 'totp');
  return token;
}

export async function enrollFactor(database: Database, userId: string): Promise<void> {
  await database.db.update(users).set({ mfaEnrolledAt: new Date() }).where(eq(users.id, userId));
}

export async function person(h: Harness, name: string): Promise<Person> {
  const { userId, token } = await newUserToken(h.deps.database, `${name}@example.com`);
  return { userId, apiToken: token, session: await dashboardToken(h.deps.database, userId), client: await connect(h.url, token) };
}

export type Answer<T> = Reply<T>;

/** One HTTP call to the server as the dashboard makes it (the same as the sign-in tests' `api`). */
export const request = api;
