// Opens a person's dashboard session after a first factor and shapes the answer sign-in routes share.
import { createDashboardSession, type Database, type User } from '@svc/db';
import { recordAudit } from '../usage/audit-log';

export interface SignInAnswer {
  session_token: string;
  expires_at: string;
  user: { id: string; email: string; display_name: string | null };
  aal: 'aal1';
  /** The account has a verified second factor: the session reaches no data until it is given. */
  mfa_required: boolean;
}

export function userBody(user: User): SignInAnswer['user'] {
  return { id: user.id, email: user.email, display_name: user.displayName };
}

export async function openDashboardSession(
  database: Database,
  input: { user: User; method: 'password' | 'oidc'; ttlHours: number },
): Promise<SignInAnswer> {
  const { user, method } = input;
  // The session and its audit row commit together.
  const { token, session } = await database.system(async (tx) => {
    const opened = await createDashboardSession(tx, { userId: user.id, amr: [method], ttlMs: input.ttlHours * 3_600_000 });
    await recordAudit(tx, {
      action: 'sign_in',
      target: { type: 'user', id: user.id },
      userId: user.id,
      details: { method, session_id: opened.session.id },
    });
    return opened;
  });
  return {
    session_token: token,
    expires_at: session.expiresAt.toISOString(),
    user: userBody(user),
    aal: 'aal1',
    mfa_required: user.mfaEnrolledAt !== null,
  };
}
