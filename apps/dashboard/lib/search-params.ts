// A page's query as Next hands it over, and the one reading of it pages need: a single string value.
export type SearchParams = Record<string, string | string[] | undefined>;

export function param(params: SearchParams, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}
