// Signals a candidate takes from its place in a conversation or thread: how close its adjacent memories are to the query, and whether it only asks.
import { sql, type SQL } from 'drizzle-orm';
import { distanceParts, type QueryVector } from './vector';

/**
 * The adjacent search document on one side of `d` in its conversation (same owner, scope and
 * conversation, ordered as svc_search_doc_neighbours orders them): one probe of
 * memory_search_docs_conversation_idx.
 */
function adjacent(side: 'before' | 'after'): SQL {
  const [cmp, dir] = side === 'before' ? [sql`<`, sql`desc`] : [sql`>`, sql`asc`];
  return sql`(select n.memory_id from memory_search_docs n
      where n.owner_id = d.owner_id and n.scope_id = d.scope_id and n.conversation = d.conversation
        and (n.ordered_at, n.seq) ${cmp} (d.ordered_at, d.seq)
      order by n.ordered_at ${dir}, n.seq ${dir} limit 1)`;
}

/**
 * The best cosine with the query among the memories just before and just after `memoryId` in its
 * conversation or thread; null when it has none (a memory written on its own) or they have no
 * vector of the query's model. The answer to a question is often a short reply ("Yes, a cat
 * named Bailey") whose meaning is in the turn before it; the lexical leg has the neighbours' words
 * (the context field), this gives the vector leg the same reach. The adjacent memories only, not
 * the two each side of the context field: the turns further away measured worse (LoCoMo R@5
 * 0.788 against 0.793, bench/README.md). When the memory just before asks, its cosine counts
 * `questionFactor` times (capped at 1): that question is what the reply answers, and a query
 * matching it asks for the reply (RetrievalTuning.questionBeforeFactor). Neighbours are read as the
 * caller, under row-level security, and have the memory's own owner and scope.
 */
export function neighbourCosine(q: QueryVector, memoryId: SQL, questionFactor = 1): SQL {
  const { distance, modelMatch } = distanceParts(q, 'ne');
  // The question check reads the neighbour's text: only when it can change the cosine.
  const cosine =
    questionFactor === 1
      ? sql`1 - ${distance}`
      : sql`case when nb.before and exists (select 1 from memories nm
            where nm.id = nb.memory_id and ${endsInQuestion(sql`nm.content`)})
          then least(1, ${questionFactor}::float8 * (1 - ${distance})) else 1 - ${distance} end`;
  return sql`(select max(${cosine})
    from memory_search_docs d
      cross join lateral (select true as before, ${adjacent('before')} as memory_id
        union all select false, ${adjacent('after')}) nb
      join memory_embeddings ne on ne.memory_id = nb.memory_id and ${modelMatch}
    where d.memory_id = ${memoryId} and d.conversation is not null)::float8`;
}

/**
 * Whether the memory's text ends in a question mark ("What pet do you have?"): one that asks
 * states little, and it is the question before an answer that the neighbour signals lift most.
 */
export function endsInQuestion(content: SQL = sql`m.content`): SQL {
  return sql`(${content} ~ '[?？][[:space:]"'')”’]*$')`;
}
