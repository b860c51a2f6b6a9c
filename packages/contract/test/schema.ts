// Test helpers: whether a schema accepts a value, and the issues it reports when it does not.
import { expect } from 'vitest';
import type { z } from 'zod';

export function accepts(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.success, result.success ? '' : JSON.stringify(result.error.issues)).toBe(true);
}

export function refuses(schema: z.ZodType, value: unknown, pathOrText?: string): void {
  const result = schema.safeParse(value);
  expect(result.success, `expected a refusal of ${JSON.stringify(value)?.slice(0, 200)}`).toBe(
    false,
  );
  if (pathOrText !== undefined && !result.success) {
    const seen = result.error.issues
      .map((issue) => `${issue.path.join('.')} ${issue.message}`)
      .join('\n');
    expect(seen).toContain(pathOrText);
  }
}
