// Reads the rows of a raw `execute` result, which both drivers return as `{ rows }`.
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('database result carries no rows');
  return rows as T[];
}
