// Key material that is a secret whatever it is called. Ported from gitleaks' config/gitleaks.toml
// (MIT, github.com/gitleaks/gitleaks, commit b58d3f1) where it has the rule. PEM and OpenSSH
// private keys have their own detector (private-keys.ts): the preset misses keys without an END
// line or with PEM headers, JSON-escaped keys and PuTTY files.
import type { Rule } from './types';

export const KEY_RULES: readonly Rule[] = [
  {
    id: 'age-secret-key',
    label: 'age secret key',
    kind: 'private_key',
    source: 'gitleaks:age-secret-key',
    shape: 'token',
    keywords: ['age-secret-key-1'],
    pattern: String.raw`AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}`,
  },
  {
    id: '1password-secret-key',
    label: '1Password account secret key',
    kind: 'private_key',
    source: 'gitleaks:1password-secret-key',
    shape: 'token',
    keywords: ['a3-'],
    pattern: String.raw`A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}`,
    minEntropy: 3.8,
  },
  {
    id: 'jwt-unpadded',
    label: 'JSON Web Token',
    kind: 'access_token',
    source: 'gitleaks:jwt',
    shape: 'token',
    keywords: ['ey'],
    pattern: String.raw`ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9/\\_-]{17,}\.[a-zA-Z0-9/\\_-]{10,}={0,2}`,
    minEntropy: 3,
  },
  {
    id: 'encryption-key-assignment',
    label: 'encryption or signing key',
    kind: 'private_key',
    source: 'svc:framework secrets (SECRET_KEY_BASE, APP_KEY, JWT_SECRET, signing and encryption keys)',
    shape: 'keyed',
    keywords: ['secret_key_base', 'app_key', 'jwt_secret', 'signing', 'encryption', 'master_key', 'hmac', 'cookie_secret', 'session_secret'],
    names: String.raw`secret_key_base|app_key|jwt[_-]?secret|signing[_-]?(?:key|secret)|encryption[_-]?key|master[_-]?key|hmac[_-]?(?:key|secret)|cookie[_-]?secret|session[_-]?secret`,
    value: String.raw`(?:base64:)?[a-z0-9+/_=-]{24,256}`,
    minEntropy: 3.5,
  },
];
