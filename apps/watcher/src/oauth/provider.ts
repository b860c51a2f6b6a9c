// The SDK's OAuthClientProvider over the watcher's OAuth file: the SDK does discovery, registration, PKCE and refresh.
import { randomBytes } from 'node:crypto';
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { WATCHER_VERSION } from '../version';
import { loadOAuth, saveOAuth, type OAuthRecord } from './oauth-store';

/** What happens when the SDK needs the person in a browser: `login` shows the address, the daemon cannot. */
export type OnAuthorize = (url: URL) => void | Promise<void>;

export class FileOAuthProvider implements OAuthClientProvider {
  private readonly expectedState = randomBytes(16).toString('base64url');

  private constructor(
    private readonly configDir: string,
    private record: OAuthRecord,
    private readonly onAuthorize: OnAuthorize,
  ) {}

  static async open(
    configDir: string,
    onAuthorize: OnAuthorize,
    redirectUrl?: string,
  ): Promise<FileOAuthProvider> {
    const record = await loadOAuth(configDir);
    // A new loopback port is a new redirect URI: register again rather than send one the server never saw.
    const fresh =
      redirectUrl !== undefined && redirectUrl !== record.redirectUrl ? { redirectUrl } : record;
    return new FileOAuthProvider(configDir, fresh, onAuthorize);
  }

  private async update(change: Partial<OAuthRecord>): Promise<void> {
    this.record = { ...this.record, ...change };
    await saveOAuth(this.configDir, this.record);
  }

  get redirectUrl(): string | undefined {
    return this.record.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'svc-watcher',
      software_id: 'svc-watcher',
      software_version: WATCHER_VERSION,
      redirect_uris: this.record.redirectUrl ? [this.record.redirectUrl] : [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    return this.expectedState;
  }

  /** The loopback callback checks the state it was given against the one sent. */
  checkState(state: string | null): boolean {
    return state === this.expectedState;
  }

  clientInformation = () => this.record.client;
  saveClientInformation = (client: OAuthClientInformationMixed) => this.update({ client });
  tokens = () => this.record.tokens;
  saveTokens = (tokens: OAuthTokens) => this.update({ tokens });
  codeVerifier = () => this.record.verifier ?? '';
  saveCodeVerifier = (verifier: string) => this.update({ verifier });
  discoveryState = () => this.record.discovery;
  saveDiscoveryState = (discovery: OAuthDiscoveryState) => this.update({ discovery });
  redirectToAuthorization = (url: URL) => this.onAuthorize(url);

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    const drop: Record<typeof scope, (keyof OAuthRecord)[]> = {
      all: ['client', 'tokens', 'verifier', 'discovery'],
      client: ['client'],
      tokens: ['tokens'],
      verifier: ['verifier'],
      discovery: ['discovery'],
    };
    const next = { ...this.record };
    for (const key of drop[scope]) delete next[key];
    this.record = next;
    await saveOAuth(this.configDir, next);
  }
}
