// The registry: all 22 tools, none withdrawn, hints, description sizes and object-typed JSON Schemas.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TOOL_DESCRIPTION_MAX_BYTES } from '../limits';
import { utf8Bytes } from '../shared/text';
import { TOOLS, TOOL_NAMES, WITHDRAWN_TOOLS, isToolName, isWithdrawnTool } from './index';

const NAMED_BY_CONTRACT = [
  'remember',
  'recall',
  'build_context',
  'ingest_conversation',
  'card',
  'board',
  'card_log',
  'link',
  'promote_loop',
  'promote_rule',
  'forget',
  'close_loop',
  'move_memories',
  'import_memory',
  'restore_memory',
  'list_conflicts',
  'resolve_conflicts',
  'search_memories',
  'find_similar_memory',
  'memory_version_history',
  'scan_hygiene',
  'benchmark_memory',
];

const tools = Object.values(TOOLS);

describe('tool registry', () => {
  it('holds exactly the 22 tools the contract names', () => {
    expect([...TOOL_NAMES].sort()).toEqual([...NAMED_BY_CONTRACT].sort());
    expect(Object.keys(TOOLS).sort()).toEqual([...NAMED_BY_CONTRACT].sort());
  });

  it('files each tool under its own name', () => {
    for (const [key, tool] of Object.entries(TOOLS)) expect(tool.name).toBe(key);
  });

  it('never registers the withdrawn delete_account', () => {
    expect(WITHDRAWN_TOOLS).toEqual(['delete_account']);
    expect(Object.keys(TOOLS)).not.toContain('delete_account');
    expect(isToolName('delete_account')).toBe(false);
    expect(isWithdrawnTool('delete_account')).toBe(true);
    expect(isToolName('recall')).toBe(true);
  });

  it.each(tools.map((t) => [t.name, t] as const))('%s declares openWorldHint false', (_, tool) => {
    expect(tool.annotations.openWorldHint).toBe(false);
  });

  it.each(tools.map((t) => [t.name, t] as const))(
    '%s has a description within 2 KB of UTF-8',
    (_, tool) => {
      expect(tool.description.length).toBeGreaterThan(80);
      expect(utf8Bytes(tool.description)).toBeLessThanOrEqual(TOOL_DESCRIPTION_MAX_BYTES);
    },
  );

  it('read-only tools claim no destructive effect', () => {
    for (const tool of tools) {
      if (tool.annotations.readOnlyHint)
        expect(tool.annotations.destructiveHint, tool.name).toBe(false);
    }
  });

  it("lets every tool that falls back to the session's project take the thread", () => {
    // move_memories is the exception: its scope is a destination and never defaults to the session.
    for (const tool of tools) {
      if (!('scope' in tool.input.shape) || tool.name === 'move_memories') continue;
      expect(Object.keys(tool.input.shape), tool.name).toContain('thread');
    }
  });

  it('has a title on every tool', () => {
    for (const tool of tools) expect(tool.title.trim().length, tool.name).toBeGreaterThan(0);
  });
});

describe('JSON Schema of every tool', () => {
  // MCP requires `type: "object"` at the top of inputSchema and outputSchema; the SDK converts to
  // draft-7 in input mode for inputs and output mode for outputs, and 2020-12 is checked too.
  const cases = tools.flatMap((tool) =>
    (['input', 'output'] as const).flatMap((part) =>
      (['draft-7', 'draft-2020-12'] as const).flatMap((target) =>
        (['input', 'output'] as const).map((io) => [tool.name, part, target, io] as const),
      ),
    ),
  );

  it.each(cases)('%s %s converts to an object schema (%s, io %s)', (name, part, target, io) => {
    const schema = TOOLS[name][part];
    const json = z.toJSONSchema(schema, { target, io }) as { type?: unknown; properties?: unknown };
    expect(json.type).toBe('object');
    expect(typeof json.properties).toBe('object');
  });

  it('publishes a description on every input field an agent fills', () => {
    const json = z.toJSONSchema(TOOLS.card.input, { io: 'input' }) as {
      properties: Record<string, { description?: string }>;
    };
    const undocumented = Object.entries(json.properties)
      .filter(([key, prop]) => key !== 'action' && !prop.description)
      .map(([key]) => key);
    expect(undocumented).toEqual([]);
  });
});
