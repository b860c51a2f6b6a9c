// Words of the consent page: what each scope lets an agent do, and what each failure means for the person.
const SCOPES: Record<string, string> = {
  memory: 'Use every memory tool as you: read, write and forget your memories, rules, projects and boards.',
  offline_access: 'Stay connected without asking you again (a refresh token).',
};

export function scopeText(scope: string): string {
  return SCOPES[scope] ?? scope;
}

/** Keyed by HTTP status of the consent routes (contract: 404 not_found, 409 invalid_request, 503 server_error). */
const PROBLEMS: Record<string, string> = {
  '404':
    'This request to connect an application has expired, was already answered, or was opened by someone else. Go back to the application and connect again.',
  '409': 'This request is being answered right now, perhaps in another tab. Wait a moment and reload the page.',
  '503': 'The connection could not be completed just now. Nothing was decided; try again.',
  '400': 'The answer could not be sent. Try again.',
};

export function problemText(status: number | string): string {
  return PROBLEMS[String(status)] ?? 'Something went wrong while connecting the application. Try again shortly.';
}
