// The MCP SDK's client side of OAuth for the browser tests: an in-memory provider that opens Chromium to authorize.
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export const SDK_CLIENT_NAME = 'E2E SDK agent';

/**
 * Keeps the registration, tokens and PKCE verifier in memory, as a CLI would in a file; tests read and
 * change `saved` to see rotation or make the access token look expired.
 */
export class BrowserOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  private verifier = '';
  private discovery: OAuthDiscoveryState | undefined;

  /** `open` sends the browser to the authorization URL; the test drives the pages from there. */
  constructor(
    readonly redirectUrl: string,
    private readonly open: (url: URL) => Promise<void>,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: SDK_CLIENT_NAME,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    await this.open(url);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = '';
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}

export function sdkTransport(serverUrl: string, provider: BrowserOAuthProvider): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(`${serverUrl}/mcp`), { authProvider: provider });
}

export function sdkClient(): Client {
  return new Client({ name: 'e2e-sdk-agent', version: '1.0.0' });
}

/** A connected client with the provider's tokens; the SDK refreshes them itself when the server refuses. */
export async function connectAgent(serverUrl: string, provider: BrowserOAuthProvider): Promise<Client> {
  const client = sdkClient();
  await client.connect(sdkTransport(serverUrl, provider));
  return client;
}

/** A tool's text answer; fails the test on an error result, with what the tool said. */
export async function toolText(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  const text = JSON.stringify(result.content);
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  return text;
}
