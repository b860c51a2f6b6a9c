// Who is calling: the signed-in person an agent acts as, resolved once per request.
export interface Caller {
  userId: string;
  email: string;
  /** Assurance level of the session: `aal2` once a second factor was given. */
  aal: 'aal1' | 'aal2';
  /** How the caller authenticated; agent sessions opened by the authorization server stay complete. */
  via: 'api_token' | 'oauth' | 'local';
}
