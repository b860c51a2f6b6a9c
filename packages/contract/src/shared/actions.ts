// Builds a top-level object schema for a tool with several actions, checked per action.
import { z } from 'zod';

type OptionalShape<F extends z.ZodRawShape> = { [K in keyof F]: z.ZodOptional<F[K]> };

/**
 * MCP wants `type: object` at the top of a tool's input schema, which a discriminated union is
 * not. So the published schema lists every field as optional, and a refinement runs the strict
 * per-action union, whose issues are reported as the caller's. Servers parse the tool input with
 * the union itself to get a value narrowed by `action`, with that action's defaults applied.
 * `fields` must carry no defaults: a default would add a key the strict action then refuses.
 */
export function actionInput<
  const A extends readonly [string, ...string[]],
  F extends z.ZodRawShape,
>(actions: A, fields: F, union: z.ZodType) {
  const optional = Object.fromEntries(
    Object.entries(fields).map(([key, schema]) => [key, z.optional(schema)]),
  ) as OptionalShape<F>;
  return z.strictObject({ action: z.enum(actions), ...optional }).superRefine((value, ctx) => {
    const parsed = union.safeParse(value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path,
        message: `action ${(value as { action: string }).action}: ${issue.message}`,
      });
    }
  });
}
