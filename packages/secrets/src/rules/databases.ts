// Databases and data services. Connection strings with a password are found by the generic URL and
// assignment detectors (supplementary-patterns.ts); these are the vendors' own token formats.
// Ported from gitleaks' config/gitleaks.toml (MIT, github.com/gitleaks/gitleaks, commit b58d3f1).
import type { Rule } from './types';

export const DATABASE_RULES: readonly Rule[] = [
  {
    id: 'planetscale-token',
    label: 'PlanetScale credential',
    kind: 'password',
    source: 'gitleaks:planetscale-password, planetscale-api-token, planetscale-oauth-token',
    shape: 'token',
    keywords: ['pscale_'],
    pattern: String.raw`pscale_(?:pw|tkn|oauth)_[\w=.-]{32,64}`,
    minEntropy: 3,
  },
  {
    id: 'clickhouse-cloud-api-secret-key',
    label: 'ClickHouse Cloud key',
    kind: 'api_key',
    source: 'gitleaks:clickhouse-cloud-api-secret-key',
    shape: 'token',
    keywords: ['4b1d'],
    pattern: String.raw`4b1d[A-Za-z0-9]{38}`,
    minEntropy: 3,
  },
  {
    id: 'neon-api-key',
    label: 'Neon API key',
    kind: 'api_key',
    source: 'svc:neon API keys (napi_)',
    shape: 'token',
    keywords: ['napi_'],
    pattern: String.raw`napi_[a-z0-9]{64}`,
    minEntropy: 3.5,
  },
  {
    id: 'mongodb-atlas-key',
    label: 'MongoDB Atlas key',
    kind: 'api_key',
    source: 'svc:mongodb atlas programmatic keys (keyed UUID)',
    shape: 'keyed',
    keywords: ['atlas', 'mongo'],
    names: 'atlas|mongo(?:db)?',
    value: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  },
  {
    id: 'connection-string-password',
    label: 'database connection string with a password',
    kind: 'connection_string',
    source: 'svc:ADO.NET, ODBC and JDBC connection strings (Password= / Pwd= inside ;-separated pairs)',
    shape: 'token',
    keywords: ['password=', 'pwd='],
    pattern: String.raw`(?:^|[;"'\s])(?:Password|Pwd)\s*=\s*([^;"'\s]{6,128})`,
    ignoreCase: true,
    minEntropy: 2.5,
  },
];
