// Turns a generated JSON Schema into the plain subset every major MCP client accepts, with its draft stated.
type Node = Record<string, unknown>;

/** The dialect the MCP specification names for tool schemas; the subset below reads the same under draft-07. */
export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Keywords that constrain only values of one type, so they travel into that type's branch. */
const KEYWORDS_BY_TYPE: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems'],
  object: ['properties', 'required', 'additionalProperties', 'propertyNames', 'minProperties', 'maxProperties'],
};

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `type: ["string", "null"]` is valid JSON Schema, but several clients reject a type array or
 * warn on every listing; the same meaning as `anyOf` of single-typed branches is accepted by all.
 */
function splitTypeArray(node: Node): Node {
  const { type, ...rest } = node;
  if (!Array.isArray(type)) return node;
  const moved = new Set<string>();
  const branches = (type as string[]).map((t) => {
    const branch: Node = { type: t };
    for (const keyword of KEYWORDS_BY_TYPE[t] ?? []) {
      if (keyword in rest) {
        branch[keyword] = rest[keyword];
        moved.add(keyword);
      }
    }
    return branch;
  });
  const kept = Object.fromEntries(Object.entries(rest).filter(([key]) => !moved.has(key)));
  if (kept.anyOf === undefined) return { ...kept, anyOf: branches };
  // Both must hold: the node's own alternatives and one of its types.
  const { anyOf, ...others } = kept;
  return { ...others, allOf: [{ anyOf }, { anyOf: branches }] };
}

/**
 * A record keyed by an enum comes out as `propertyNames` plus `required` names with no
 * `properties`; strict validators refuse required names they cannot see, so the keys are spelt out.
 */
function spellOutEnumKeys(node: Node): Node {
  const { propertyNames, additionalProperties, ...rest } = node;
  const keys = isNode(propertyNames) && Array.isArray(propertyNames.enum) ? propertyNames.enum : undefined;
  if (!keys || !isNode(additionalProperties) || rest.properties !== undefined) return node;
  const properties = Object.fromEntries(keys.map((key) => [String(key), additionalProperties]));
  return { ...rest, properties, additionalProperties: false };
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk);
  if (!isNode(value)) return value;
  const node = spellOutEnumKeys(splitTypeArray(value));
  const out: Node = {};
  for (const [key, child] of Object.entries(node)) {
    // `properties` is a map of names to schemas, not a schema: walk its values, keep its keys.
    out[key] =
      key === 'properties' && isNode(child)
        ? Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, walk(schema)]))
        : key === 'enum' || key === 'const' || key === 'default' || key === 'examples'
          ? child
          : walk(child);
  }
  return out;
}

/** A tool's schema as served: portable keywords, no `$schema` of the generator, the stated dialect. */
export function portableSchema(generated: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _generator, ...rest } = generated;
  return { $schema: SCHEMA_DIALECT, ...(walk(rest) as Node) };
}
