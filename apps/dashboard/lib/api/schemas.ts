// The answers of the server's dashboard API, checked where they arrive (decisions-auth.md).
import { z } from 'zod';

export const noContent = z.unknown();

export const accountUser = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullish(),
});
export type AccountUser = z.infer<typeof accountUser>;

export const loginAnswer = z.object({
  session_token: z.string().min(1),
  expires_at: z.string(),
  user: accountUser,
  aal: z.string(),
  mfa_required: z.boolean(),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const sessionAnswer = z.object({
  user: accountUser,
  aal: z.string(),
  amr: z.array(z.string()).default([]),
  mfa_enrolled: z.boolean(),
  mfa_required: z.boolean(),
  expires_at: z.string(),
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const oidcInfo = z.object({ enabled: z.boolean(), name: z.string().nullish() });
export const oidcStartAnswer = z.object({ authorization_url: z.url() });

export const aalAnswer = z.object({ aal: z.string() });
export const enrollAnswer = z.object({ factor_id: z.string(), secret: z.string(), otpauth_uri: z.string() });
export type EnrollAnswer = z.infer<typeof enrollAnswer>;
export const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });

export const oauthClient = z.object({
  client_id: z.string(),
  client_name: z.string().nullish(),
  client_uri: z.string().nullish(),
  logo_uri: z.string().nullish(),
});

export const authorizationRequest = z.object({
  id: z.string(),
  client: oauthClient,
  redirect_uri: z.string(),
  scopes: z.array(z.string()),
  resource: z.union([z.string(), z.array(z.string())]).nullish(),
  previously_allowed: z.boolean().optional(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequest>;

export const authorizationAnswer = z.union([
  z.object({ skip: z.literal(true), redirect_to: z.url() }),
  authorizationRequest,
]);
export const consentAnswer = z.object({ redirect_to: z.url() });

/** One connected application: every session its consents opened, grouped by client (decisions-accounts.md). */
export const connectedAgent = z
  .object({
    client_id: z.string().nullable(),
    client_name: z.string().nullable(),
    redirect_hosts: z.array(z.string()),
    registered_at: z.string().nullable(),
    sessions: z.number(),
    session_ids: z.array(z.string()),
    first_connected_at: z.string(),
    last_connected_at: z.string(),
    /** Null until one of its access tokens was accepted. */
    last_used_at: z.string().nullable(),
  })
  .loose();
export type ConnectedAgent = z.infer<typeof connectedAgent>;
export const agentsAnswer = z.object({ agents: z.array(connectedAgent) });

export const setupState = z.object({ needed: z.boolean() });
export const signupState = z.object({
  open: z.boolean(),
  needs_setup: z.boolean(),
  invitation: z.object({ email: z.string().nullable(), expires_at: z.string() }).nullable(),
});
export type SignupState = z.infer<typeof signupState>;

export const invitationItem = z.object({
  id: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  state: z.enum(['open', 'accepted', 'revoked', 'expired']),
  accepted_at: z.string().nullable(),
});
export type InvitationItem = z.infer<typeof invitationItem>;
export const invitationsAnswer = z.object({ invitations: z.array(invitationItem), signup_open: z.boolean() });
export const invitationMade = z.object({ invitation: invitationItem, code: z.string().min(1) });

export const tokenItem = z.object({
  id: z.string(),
  name: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  state: z.enum(['live', 'revoked', 'expired']),
});
export type TokenItem = z.infer<typeof tokenItem>;
export const tokensAnswer = z.object({ tokens: z.array(tokenItem) });
export const tokenMade = z.object({ token: z.string().min(1), record: tokenItem });
