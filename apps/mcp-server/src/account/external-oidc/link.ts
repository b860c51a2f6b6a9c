// Finds the person an external identity belongs to: by issuer and subject, else by verified email, else new.
import { createUser, findUserByEmail, findUserByExternalIdentity, linkExternalIdentity, type Database, type User } from '@svc/db';
import { fail, isServiceError } from '@svc/errors';
import { recordAudit } from '../../usage/audit-log';

export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * An address the provider has not verified neither links nor creates an account: whoever could
 * claim it at the provider would otherwise take over (or pre-register) the account of its owner.
 */
export async function resolveExternalAccount(database: Database, identity: ExternalIdentity): Promise<User> {
  return database.system(async (tx) => {
    const link = (userId: string) =>
      linkExternalIdentity(tx, { userId, issuer: identity.issuer, subject: identity.subject, email: identity.email });
    const linked = await findUserByExternalIdentity(tx, identity.issuer, identity.subject);
    if (linked) {
      await link(linked.id);
      return linked;
    }
    if (identity.email === null) throw fail.validation('The identity provider gave no email address');
    if (!identity.emailVerified) throw fail.forbidden('The identity provider has not verified this email address');
    const existing = await findUserByEmail(tx, identity.email);
    if (existing) {
      await link(existing.id);
      return existing;
    }
    let user: User;
    try {
      ({ user } = await createUser(tx, identity.email, identity.name ?? undefined));
    } catch (thrown) {
      // The same first sign-in twice at once (a double-submitted callback, two tabs): the unique email
      // let the other one create the account, which this one now links to.
      const winner = isServiceError(thrown) && thrown.code === 'conflict' ? await findUserByEmail(tx, identity.email) : null;
      if (!winner) throw thrown;
      await link(winner.id);
      return winner;
    }
    await recordAudit(tx, {
      action: 'user_created',
      target: { type: 'user', id: user.id },
      userId: user.id,
      details: { via: 'oidc' },
    });
    await link(user.id);
    return user;
  });
}
