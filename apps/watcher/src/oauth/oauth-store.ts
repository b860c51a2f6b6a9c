// The OAuth client registration, tokens and PKCE verifier, kept in one file readable by the user alone.
import { join } from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { readJsonFile, writeFileAtomic } from '../state/atomic-file';

export interface OAuthRecord {
  redirectUrl?: string;
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  verifier?: string;
  discovery?: OAuthDiscoveryState;
}

export const oauthPath = (configDir: string) => join(configDir, 'oauth.json');

export async function loadOAuth(configDir: string): Promise<OAuthRecord> {
  return ((await readJsonFile(oauthPath(configDir))) as OAuthRecord | undefined) ?? {};
}

export async function saveOAuth(configDir: string, record: OAuthRecord): Promise<void> {
  await writeFileAtomic(oauthPath(configDir), `${JSON.stringify(record, null, 2)}\n`, 0o600);
}
