// Every tool's schemas as a client receives them: portable keywords, a stated draft, compiled by Ajv under draft-07 and 2020-12.
import { createRequire } from 'node:module';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { portableSchema, SCHEMA_DIALECT } from '../src/mcp/portable-schema';
import { serverWithUsers } from './helpers/fixture';
import { call } from './helpers/mcp-client';

/** The Ajv the SDK's own client validates with, so the test holds the schemas to what clients run. */
const sdkRequire = createRequire(import.meta.resolve('@modelcontextprotocol/sdk/validation/ajv'));
type AjvLike = { compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown } };
type AjvClass = new (opts: object) => AjvLike;
const Ajv07 = (sdkRequire('ajv') as { default: AjvClass }).default;
const Ajv2020 = (sdkRequire('ajv/dist/2020') as { default: AjvClass }).default;
const addFormats = (sdkRequire('ajv-formats') as { default: (ajv: AjvLike) => void }).default;

function ajv(Kind: AjvClass): AjvLike {
  const instance = new Kind({ strict: true, strictTypes: false, allErrors: true });
  addFormats(instance);
  return instance;
}
const drafts = { 'draft-07': ajv(Ajv07), '2020-12': ajv(Ajv2020) };

const withoutDialect = ({ $schema: _s, ...rest }: Record<string, unknown>) => rest;

/** Every place a schema breaks portability, as `path: problem`. */
function unportable(node: unknown, path = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => unportable(item, `${path}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  const problems: string[] = [];
  const record = node as Record<string, unknown>;
  if (Array.isArray(record.type)) problems.push(`${path}: type array ${JSON.stringify(record.type)}`);
  for (const banned of ['$ref', '$defs', 'definitions', '$id', '$dynamicRef', 'prefixItems', 'dependencies']) {
    if (banned in record) problems.push(`${path}: ${banned}`);
  }
  for (const [key, child] of Object.entries(record)) {
    if (key !== 'enum' && key !== 'const' && key !== 'default') problems.push(...unportable(child, `${path}/${key}`));
  }
  return problems;
}

const fx = serverWithUsers(['ada']);
let tools: Tool[];

describe('tool schemas as listed over HTTP', () => {
  it('lists every tool with both schemas', async () => {
    tools = (await fx.users.ada.listTools()).tools;
    expect(tools.length).toBeGreaterThan(20);
    for (const tool of tools) expect(tool.outputSchema, tool.name).toBeDefined();
  });

  it('states the 2020-12 draft and uses no type arrays, references or draft-specific keywords', () => {
    for (const tool of tools) {
      for (const [which, schema] of [['input', tool.inputSchema], ['output', tool.outputSchema]] as const) {
        expect(schema?.$schema, `${tool.name} ${which}`).toBe(SCHEMA_DIALECT);
        expect(unportable(schema), `${tool.name} ${which}`).toEqual([]);
      }
    }
  });

  it.each(Object.keys(drafts) as (keyof typeof drafts)[])('compiles every schema with Ajv under %s', (draft) => {
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        // A draft-07 validator would look the 2020-12 meta-schema up; the keywords are what must hold.
        const body = draft === '2020-12' ? schema : withoutDialect(schema as Record<string, unknown>);
        expect(() => drafts[draft].compile(body as object), tool.name).not.toThrow();
      }
    }
  });

  it('validates real results, nullable fields included, under both drafts', async () => {
    const stored = await call(fx.users.ada, 'remember', { content: 'The build uses pnpm workspaces.', scope: 'personal' });
    expect(stored.error).toBeUndefined();
    const recalled = await call(fx.users.ada, 'recall', { query: 'pnpm workspaces' });
    for (const [name, result] of [['remember', stored.ok], ['recall', recalled.ok]] as const) {
      const schema = tools.find((t) => t.name === name)?.outputSchema as Record<string, unknown>;
      for (const [draft, instance] of Object.entries(drafts)) {
        const validate = instance.compile(draft === '2020-12' ? schema : withoutDialect(schema));
        expect(validate(result), `${name} under ${draft}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
  });
});

describe('tool annotations', () => {
  /** The tools that can retire or overwrite what the person already has. */
  const destructive = ['forget', 'restore_memory', 'resolve_conflicts', 'card'];

  it('gives each tool a title and all four hints, never the open world', () => {
    for (const tool of tools) {
      const a = tool.annotations ?? {};
      expect(a.title, tool.name).toBe(tool.title);
      expect(a.openWorldHint, tool.name).toBe(false);
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint'] as const) {
        expect(typeof a[hint], `${tool.name} ${hint}`).toBe('boolean');
      }
      // A read is idempotent and destroys nothing by definition.
      if (a.readOnlyHint) expect([a.destructiveHint, a.idempotentHint], tool.name).toEqual([false, true]);
      expect(a.destructiveHint, tool.name).toBe(destructive.includes(tool.name));
    }
  });
});

describe('portableSchema', () => {
  it('splits type arrays into single-typed branches and keeps each keyword with its type', () => {
    const out = portableSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        note: { description: 'd', type: ['string', 'null'], maxLength: 5 },
        list: { type: 'array', items: { type: ['integer', 'null'], minimum: 1 } },
        both: { anyOf: [{ const: 'a' }, { const: 1 }], type: ['string', 'number'] },
        counts: { type: 'object', propertyNames: { enum: ['a', 'b'] }, additionalProperties: { type: 'number' }, required: ['a', 'b'] },
      },
    });
    expect(out).toEqual({
      $schema: SCHEMA_DIALECT,
      type: 'object',
      properties: {
        note: { description: 'd', anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] },
        list: { type: 'array', items: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] } },
        both: { allOf: [{ anyOf: [{ const: 'a' }, { const: 1 }] }, { anyOf: [{ type: 'string' }, { type: 'number' }] }] },
        counts: {
          type: 'object',
          required: ['a', 'b'],
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          additionalProperties: false,
        },
      },
    });
    const validate = drafts['2020-12'].compile(out);
    expect(validate({ note: null, list: [1, null], both: 'a', counts: { a: 1, b: 2 } })).toBe(true);
    expect(validate({ note: 'too long', list: [0] })).toBe(false);
    expect(validate({ both: 'a', counts: { a: 1, b: 2, c: 3 } })).toBe(false);
  });
});
