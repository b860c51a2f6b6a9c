// The authorization server's parts that live in the server deps: its keys (loaded once) and the agent-session opener.
import { createAgentSession, type AuthSession, type Database } from '@svc/db';
import { loadOAuthKeys, type OAuthKeys } from './keys';

export interface AgentSessionInput {
  userId: string;
  clientId: string;
  grantId: string;
  ttlMs: number;
}

/** Opens the session an allowed agent acts through; injectable so a test can make consent fail there. */
export type AgentSessionOpener = (input: AgentSessionInput) => Promise<AuthSession>;

export interface OAuthRuntime {
  keys(): Promise<OAuthKeys>;
  openAgentSession: AgentSessionOpener;
}

export function createOAuthRuntime(database: Database): OAuthRuntime {
  let loading: Promise<OAuthKeys> | undefined;
  return {
    keys() {
      // A failed load (database briefly away) is not remembered: the next request tries again.
      loading ??= loadOAuthKeys(database).catch((err: unknown) => {
        loading = undefined;
        throw err;
      });
      return loading;
    },
    openAgentSession: (input) => createAgentSession(database.db, input),
  };
}
