// One statement that runs both legs inside the database and returns the candidates with their signals.
import { sql, type SQL } from 'drizzle-orm';
import type { RetrievalTuning } from '../tuning';
import type { SearchFilters } from '../types';
import { limitLiteral } from './arrays';
import { memoryConditions } from './filters';
import type { LexicalPlan } from '../lexical-plan';
import { EMPTY_LEXICAL, lexicalCtes, lexicalTermsCte } from './lexical';
import { distanceParts, vectorCte, type QueryVector } from './vector';
import type { TimeRange } from '../query-time';

export interface CandidateRow {
  memory_id: string;
  lex_score: number | null;
  /** 1-based rank among filtered lexical hits; null when outside the lexical candidates. */
  lex_rank: number | null;
  own_terms: string[] | null;
  context_terms: string[] | null;
  speaker_terms: string[] | null;
  /** Cosine similarity with the query; null without a vector for this memory. */
  cosine: number | null;
  vec_rank: number | null;
  kind: string;
  importance: number;
  ordered_at: string | Date;
  event_at: string | Date | null;
  /** The text's first characters, when the query asks when (see `statesTime`). */
  opening: string | null;
}

export interface CandidateQuery {
  filters: SearchFilters;
  /** Null: no lexical leg (semantic mode), or no query word in the collection. */
  lexical: LexicalPlan | null;
  /** Null: lexical leg only. */
  vector: QueryVector | null;
  depth: number;
  tuning: RetrievalTuning;
  /** The time the query names: memories whose event time lies in it are candidates too. */
  during?: TimeRange | null;
  /** Return each candidate's opening characters. */
  opening?: boolean;
}

function during(range: TimeRange): SQL {
  return 'month' in range
    ? sql`extract(month from (m.event_at at time zone 'UTC')) = ${range.month + 1}`
    : sql`m.event_at >= ${range.from.toISOString()}::timestamptz and m.event_at < ${range.to.toISOString()}::timestamptz`;
}

export function candidatesStatement(c: CandidateQuery): SQL {
  const conditions = memoryConditions(c.filters);
  const ctes: SQL[] = [];
  ctes.push(c.lexical ? lexicalCtes(c.lexical, c.filters, c.tuning) : EMPTY_LEXICAL);
  // The best `depth` lexical hits passing the filters. Checking every hit against its memory
  // (validity, supersession, filters) cost as much as scoring it; walked best first, the check
  // stops once `depth` have passed. The check is a scalar subquery so that it is not pulled up into
  // a join (which would check every hit), and `lex_sorted` is a materialized CTE, whose scan
  // returns its rows in the order they were written; lex_rank is still computed from the scores.
  ctes.push(sql`
  lex_sorted as materialized (select l.memory_id, l.lex_score from lex l order by l.lex_score desc, l.memory_id),
  lex_top as materialized (
    select t.memory_id, row_number() over (order by t.lex_score desc, t.memory_id) as lex_rank
    from (select l.memory_id, l.lex_score from lex_sorted l
      where (select true from memories m where m.id = l.memory_id and ${conditions})
      limit ${limitLiteral(c.depth)}) t)`);
  let cosine = sql`null::float8`;
  if (c.vector) {
    ctes.push(
      vectorCte({ q: c.vector, filters: c.filters, conditions, depth: c.depth, exactDocs: c.tuning.exactVectorDocs }),
    );
    const { distance, modelMatch } = distanceParts(c.vector);
    // Lexical candidates outside the vector leg still get their exact cosine for fusion; the vector
    // leg's own candidates have theirs already (coalesce evaluates the lookup only when needed).
    cosine = sql`coalesce(1 - v.distance, (select 1 - ${distance} from memory_embeddings e
      where e.memory_id = c.memory_id and ${modelMatch} limit 1))::float8`;
  } else {
    ctes.push(sql`
  vec(memory_id, distance, vec_rank) as (select null::uuid, null::float8, null::bigint where false)`);
  }
  // A question about a time may share no word with what happened then ("what did we do last year?").
  const timed = c.during
    ? sql`
  tim as materialized (
    select m.id as memory_id from memories m
    where ${conditions} and ${during(c.during)}
    order by m.event_at desc, m.id limit ${limitLiteral(c.depth)}),`
    : sql``;
  ctes.push(sql`${timed}
  cand as (select memory_id from lex_top union select memory_id from vec${c.during ? sql` union select memory_id from tim` : sql``})`);
  ctes.push(lexicalTermsCte(c.lexical, sql`select c.memory_id from cand c join lex l on l.memory_id = c.memory_id`));
  return sql`with ${sql.join(ctes, sql`,`)}
  select c.memory_id, l.lex_score, lt.lex_rank::int as lex_rank, w.own_terms, w.context_terms,
    w.speaker_terms, ${cosine} as cosine, v.vec_rank::int as vec_rank, m.kind::text as kind,
    m.importance, coalesce(m.event_at, m.created_at) as ordered_at, m.event_at,
    ${c.opening ? sql`left(coalesce(m.content_en, m.content), 300)` : sql`null::text`} as opening
  from cand c
    join memories m on m.id = c.memory_id
    left join lex l on l.memory_id = c.memory_id
    left join lex_top lt on lt.memory_id = c.memory_id
    left join lex_terms w on w.memory_id = c.memory_id
    left join vec v on v.memory_id = c.memory_id`;
}
