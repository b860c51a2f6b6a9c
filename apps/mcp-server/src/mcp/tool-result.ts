// Shapes a tool's outcome as an MCP result: structured payload, its JSON mirror, footer and links.
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import { errorBody, type ServiceError } from '@svc/errors';

export interface SuccessParts {
  structured: Record<string, unknown>;
  footer?: string;
  links?: ResourceLink[];
}

export function successResult(parts: SuccessParts): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(parts.structured) }];
  if (parts.footer) content.push({ type: 'text', text: parts.footer });
  for (const link of parts.links ?? []) content.push(link);
  return { content, structuredContent: parts.structured };
}

/** A failure is a result flagged isError whose first text block is the error body. */
export function errorResult(err: ServiceError): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(errorBody(err)) }], isError: true };
}
