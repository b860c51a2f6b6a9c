// On an instance with no account yet, says how to make the first one (the server can stay running).
import { listUsers } from '@svc/db';
import type { ServerDeps } from './deps';

export function firstAccountHint(dashboardUrl: string): string {
  return (
    `No account yet. Create the first one (the owner) on the dashboard at ${dashboardUrl}/setup, ` +
    'or on the command line (the server can keep running): pnpm svc user add you@example.com'
  );
}

export async function announceFirstAccount(deps: ServerDeps): Promise<void> {
  const users = await listUsers(deps.database.db, { limit: 1 });
  if (users.length > 0) return;
  deps.logger.warn('no_accounts', { hint: firstAccountHint(deps.settings.auth.dashboardUrl) });
}
