// Helpers for the library and conflict tool tests: signed-in clients, shared projects, typed calls.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { MemoryView } from '@svc/contract';
import { conflicts, createApiToken, createProject, getPersonalScopeId, setProjectMember, type ProjectRole } from '@svc/db';
import type { Harness } from './harness';
import { call, connect, newUserToken } from './mcp-client';

export interface Person {
  userId: string;
  client: Client;
  personalScopeId: string;
}

/**
 * Another transport session of the same person, with no project attached yet: calls in one
 * session that omit `thread` go on with the project the session attached (session-threads).
 */
export async function freshSession(h: Harness, p: Person): Promise<Client> {
  return connect(h.url, (await createApiToken(h.deps.database.db, p.userId)).token);
}

export async function person(h: Harness, email: string): Promise<Person> {
  const { userId, token } = await newUserToken(h.deps.database, email);
  const personalScopeId = (await getPersonalScopeId(h.deps.database.db, userId))!;
  return { userId, client: await connect(h.url, token), personalScopeId };
}

/** A project owned by `owner` with the other members in their roles (set up with the service's rights). */
export async function sharedProject(
  h: Harness,
  name: string,
  owner: Person,
  members: [Person, ProjectRole][] = [],
): Promise<{ id: string; scopeId: string; name: string }> {
  const { project, scopeId } = await createProject(h.deps.database.db, { ownerId: owner.userId, name });
  for (const [member, role] of members) await setProjectMember(h.deps.database.db, project.id, member.userId, role);
  return { id: project.id, scopeId, name };
}

/** Stores a memory through the remember tool and returns its view. */
export async function remembered(p: Person, args: Record<string, unknown>): Promise<MemoryView> {
  const res = await call<{ memory: MemoryView }>(p.client, 'remember', { on_duplicate: 'store_anyway', ...args });
  if (res.error) throw new Error(`${res.error.code}: ${res.error.message}`);
  return res.ok.memory;
}

/**
 * Conflicts come from the hygiene scan and from remember; the tests record them directly, with
 * the service's rights, as those detectors will.
 */
export async function insertConflict(
  h: Harness,
  ownerId: string,
  a: string,
  b: string,
  extra: { kind?: 'contradiction' | 'duplicate'; detectedAt?: Date } = {},
): Promise<string> {
  const [row] = await h.deps.database.db
    .insert(conflicts)
    .values({ ownerId, memoryAId: a, memoryBId: b, kind: extra.kind ?? 'contradiction', detectedAt: extra.detectedAt })
    .returning({ id: conflicts.id });
  return row!.id;
}

export async function closeAll(people: Person[]): Promise<void> {
  await Promise.all(people.map((p) => p.client.close()));
}
