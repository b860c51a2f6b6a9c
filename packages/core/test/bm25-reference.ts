// An in-process BM25F reference over Postgres lexemes, to check the SQL ranker's arithmetic against.
import { rowsOf, type Executor } from '@svc/db';
import { sql } from 'drizzle-orm';

export type Bag = Map<string, number>;

export interface RefDoc {
  id: string;
  own: Bag;
  speaker: Bag;
  context: Bag;
  date: Bag;
}

export interface RefParams {
  k1: number;
  b: number;
  contextWeight: number;
  dateWeight: number;
  speakerBonus: number;
}

/** Postgres's english lexemes of a text with their counts (the tokenizer, not the code under test). */
export async function lexemes(exec: Executor, text: string): Promise<Bag> {
  const rows = rowsOf<{ lexeme: string; n: number }>(
    await exec.execute(
      sql`select lexeme, cardinality(positions) as n from unnest(to_tsvector('english', ${text}))`,
    ),
  );
  return new Map(rows.map((r) => [r.lexeme, Number(r.n)]));
}

const size = (bag: Bag) => [...bag.values()].reduce((a, n) => a + n, 0);

export function bm25f(docs: readonly RefDoc[], query: Bag, p: RefParams): Map<string, number> {
  const n = docs.length;
  const avgOwn = Math.max(docs.reduce((a, d) => a + size(d.own), 0) / n, 1);
  const avgCtx = Math.max(docs.reduce((a, d) => a + size(d.context), 0) / n, 1);
  const scores = new Map<string, number>();
  for (const [term, qtf] of query) {
    const holders = docs.filter((d) =>
      [d.own, d.speaker, d.context, d.date].some((f) => f.has(term)),
    );
    const df = holders.length;
    if (df === 0) continue;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (const d of holders) {
      const f =
        (d.own.get(term) ?? 0) / (1 - p.b + (p.b * size(d.own)) / avgOwn) +
        (p.contextWeight * (d.context.get(term) ?? 0)) /
          (1 - p.b + (p.b * size(d.context)) / avgCtx) +
        p.dateWeight * (d.date.get(term) ?? 0);
      scores.set(d.id, (scores.get(d.id) ?? 0) + (qtf * idf * f) / (p.k1 + f));
    }
  }
  for (const d of docs) {
    if ([...query.keys()].some((t) => d.speaker.has(t)))
      scores.set(d.id, (scores.get(d.id) ?? 0) + p.speakerBonus);
  }
  return scores;
}
