// The tools/list answer, built from the contract's definitions of the tools that have handlers.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, isToolName } from '@svc/contract';
import { z } from 'zod';
import type { HandlerTable } from './call-tool';
import { portableSchema } from './portable-schema';

type JsonObjectSchema = Tool['inputSchema'];

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObjectSchema {
  // Inlined, never `$ref`: several clients resolve no references in tool schemas.
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline', cycles: 'throw' });
  return portableSchema(generated as Record<string, unknown>) as JsonObjectSchema;
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
