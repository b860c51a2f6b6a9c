// The tools/list answer, built from the contract's definitions of the tools that have handlers.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, isToolName } from '@svc/contract';
import { z } from 'zod';
import type { HandlerTable } from './call-tool';

type JsonObjectSchema = Tool['inputSchema'];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObjectSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest as JsonObjectSchema;
}

export function listTools(handlers: HandlerTable): Tool[] {
  const tools: Tool[] = [];
  for (const name of handlers.keys()) {
    if (!isToolName(name)) continue;
    const def = TOOLS[name];
    tools.push({
      name,
      title: def.title,
      description: def.description,
      inputSchema: jsonSchema(def.input, 'input'),
      outputSchema: jsonSchema(def.output, 'output'),
      annotations: { title: def.title, ...def.annotations },
    });
  }
  return tools;
}
