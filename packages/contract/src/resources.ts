// The MCP resource URIs `svc://memory/{id}` and `svc://rules`: templates, builders and a parser.
import { uuid } from './shared/ids';

export const RESOURCE_SCHEME = 'svc://';
/** RFC 6570 template registered with the MCP server. */
export const MEMORY_RESOURCE_TEMPLATE = 'svc://memory/{id}';
export const RULES_RESOURCE_URI = 'svc://rules';

const MEMORY_PREFIX = 'svc://memory/';

export type ResourceRef = { kind: 'memory'; id: string } | { kind: 'rules' };

export function memoryResourceUri(id: string): string {
  if (!uuid.safeParse(id).success) throw new TypeError('memory id must be a uuid');
  return `${MEMORY_PREFIX}${id}`;
}

/**
 * Reads a URI of this service. The URI only names the row; which rows the caller may read is
 * decided by the authenticated context, never by anything in the URI.
 */
export function parseResourceUri(uri: string): ResourceRef | null {
  if (uri === RULES_RESOURCE_URI) return { kind: 'rules' };
  if (!uri.startsWith(MEMORY_PREFIX)) return null;
  const id = uri.slice(MEMORY_PREFIX.length);
  return uuid.safeParse(id).success ? { kind: 'memory', id } : null;
}
