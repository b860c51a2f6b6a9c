// Decides per import item whether it may be stored: no secrets, no twin in the target, no re-import.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ToolArgs } from '@svc/contract';
import { memories, rowsOf, type Tx } from '@svc/db';
import { scanForSecrets } from '@svc/secrets';

export type ImportItem = ToolArgs<'import_memory'>['items'][number];
export type RejectReason = 'secret_content_rejected' | 'duplicate' | 'already_imported';

/** Secret scanning needs no database, so it runs before the write transaction opens. */
export async function secretBearing(items: readonly ImportItem[]): Promise<Set<number>> {
  const texts = items.map((item) => [item.content, ...(item.tags ?? [])]);
  const findings = await Promise.all(texts.map(async (list) => (await Promise.all(list.map(scanForSecrets))).some((f) => f.length > 0)));
  return new Set(findings.flatMap((hit, index) => (hit ? [index] : [])));
}

/**
 * Content hashes by the database's own normalisation (undefined for skipped items), and those
 * already live in the scope. Secret-bearing items are never sent: a failed query's message
 * carries its parameters, and a secret must not reach a log that way.
 */
async function liveHashes(
  tx: Tx,
  scopeId: string,
  contents: readonly (string | undefined)[],
): Promise<{ hashes: (string | undefined)[]; live: Set<string> }> {
  const sent = contents.flatMap((c, i) => (c === undefined ? [] : [sql`(${i}::int, ${c}::text)`]));
  if (sent.length === 0) return { hashes: contents.map(() => undefined), live: new Set() };
  const computed = rowsOf<{ i: number; h: string }>(
    await tx.execute(sql`select v.i, public.svc_content_hash(v.c) as h from (values ${sql.join(sent, sql`, `)}) as v(i, c)`),
  );
  const byIndex = new Map(computed.map((r) => [Number(r.i), r.h]));
  const hashes = contents.map((_, i) => byIndex.get(i));
  const rows = await tx
    .select({ hash: memories.contentHash })
    .from(memories)
    .where(and(eq(memories.scopeId, scopeId), inArray(memories.contentHash, [...byIndex.values()]), isNull(memories.invalidatedAt)));
  return { hashes, live: new Set(rows.map((r) => r.hash)) };
}

async function importedIds(tx: Tx, scopeId: string, system: string | null, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const externalId = sql<string>`${memories.source}->>'externalId'`;
  const rows = await tx
    .select({ externalId })
    .from(memories)
    .where(
      and(
        eq(memories.scopeId, scopeId),
        inArray(externalId, [...ids]),
        sql`${memories.source}->>'sourceSystem' is not distinct from ${system}`,
      ),
    );
  return new Set(rows.map((r) => r.externalId));
}

/**
 * Reasons by item index for the items that must not be stored. An external id counts per source
 * system and target scope, so the same export imported into two projects lands in both; twins and
 * repeated external ids inside one batch are caught too.
 */
export async function screenImport(
  tx: Tx,
  scopeId: string,
  system: string | null,
  items: readonly ImportItem[],
  secrets: ReadonlySet<number>,
): Promise<Map<number, RejectReason>> {
  const rejected = new Map<number, RejectReason>();
  const { hashes, live } = await liveHashes(tx, scopeId, items.map((item, i) => (secrets.has(i) ? undefined : item.content)));
  const externalIds = items.flatMap((item, i) => (item.external_id && !secrets.has(i) ? [item.external_id] : []));
  const seenExternal = await importedIds(tx, scopeId, system, externalIds);
  const seenHash = new Set(live);
  items.forEach((item, index) => {
    if (secrets.has(index)) rejected.set(index, 'secret_content_rejected');
    else if (item.external_id && seenExternal.has(item.external_id)) rejected.set(index, 'already_imported');
    else if (seenHash.has(hashes[index]!)) rejected.set(index, 'duplicate');
    if (rejected.has(index)) return;
    if (item.external_id) seenExternal.add(item.external_id);
    seenHash.add(hashes[index]!);
  });
  return rejected;
}
