// The SDK's Server, but a request whose params break the method's schema is the caller's mistake.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

interface MethodSchema {
  shape: { method: { value: unknown } };
  safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** At most three issues, each as `path: message`: enough to fix the call, never a dump of the validator's state. */
export function describeIssues(issues: Issue[]): string {
  const listed = issues.slice(0, 3).map((i) => {
    const path = i.path.map(String).join('.');
    return path ? `${path}: ${i.message}` : i.message;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return `${listed.join('; ')}${more}`;
}

/**
 * The SDK parses a request against its schema before the handler runs and answers a failure as
 * -32603 (internal error) with the validator's raw issue list; for `tools/call` its own check
 * answers -32602 but still with that list. Here every handler, the SDK's own (initialize, ping,
 * logging) included, is registered behind a check that answers -32602 with a short message, so
 * `arguments: []`, `params: 5` or a missing `name` is never an internal error.
 */
export class ParamsCheckedServer extends Server {
  override setRequestHandler(...[schema, handler]: Parameters<Server['setRequestHandler']>): void {
    const strict = schema as unknown as MethodSchema;
    const method = strict.shape.method.value;
    if (typeof method !== 'string') throw new Error('A request schema must name its method');
    // Only the method is checked on the way in (it selected this handler anyway); the rest below.
    const byMethod = z.looseObject({ method: z.literal(method) });
    // Protocol's own registration: Server's override for tools/call re-checks with the raw issue dump.
    Protocol.prototype.setRequestHandler.call(this, byMethod, (request, extra) => {
      const parsed = strict.safeParse(request);
      if (!parsed.success) {
        throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${describeIssues(parsed.error.issues)}`);
      }
      return handler(parsed.data as never, extra as never);
    });
  }
}
