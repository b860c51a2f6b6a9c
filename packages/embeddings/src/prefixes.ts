// Purpose prefixes: asymmetric models (e5 `query: `/`passage: `, nomic `search_query: `) need them.
import type { EmbedPurpose } from './embedder';

export interface PurposePrefixes {
  queryPrefix?: string;
  documentPrefix?: string;
}

export function withPurposePrefix(
  texts: readonly string[],
  purpose: EmbedPurpose,
  prefixes: PurposePrefixes,
): string[] {
  const prefix = (purpose === 'query' ? prefixes.queryPrefix : prefixes.documentPrefix) ?? '';
  return prefix === '' ? [...texts] : texts.map((t) => prefix + t);
}
