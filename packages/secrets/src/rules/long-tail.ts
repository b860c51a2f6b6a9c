// gitleaks' remaining service rules, ported (MIT, github.com/gitleaks/gitleaks, commit b58d3f1):
// vendors with a token prefix of their own, and one keyed rule for the services whose secrets are
// only recognisable next to the service's name. Client ids and account ids are left out on
// purpose: they identify, they do not authenticate (decisions-secret-guard.md).
import type { Rule } from './types';

export const LONG_TAIL_RULES: readonly Rule[] = [
  {
    id: 'prefixed-service-token',
    label: 'service access token',
    kind: 'access_token',
    source: 'gitleaks:adobe-client-secret, defined-networking-api-token, facebook-page-access-token, harness-api-key, intra42-client-secret, maxmind-license-key, settlemint-personal-access-token, settlemint-application-access-token, settlemint-service-access-token, authress-service-client-access-key',
    shape: 'token',
    keywords: ['p8e-', 'dnkey-', 'eaam', 'eaac', 'pat.', 'sat.', 's-s4t2', '_mmk', 'sm_', 'authress_', 'scauth_'],
    pattern: String.raw`p8e-[a-zA-Z0-9]{32}|dnkey-[a-z0-9=_-]{26}-[a-z0-9=_-]{52}|EAA[MC][a-zA-Z0-9]{100,}|(?:pat|sat)\.[a-zA-Z0-9_-]{22}\.[a-zA-Z0-9]{24}\.[a-zA-Z0-9]{20}|s-s4t2(?:ud|af)-[a-f0-9]{64}|[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk|sm_(?:pat|aat|sat)_[a-zA-Z0-9]{16}|(?:sc|ext|scauth|authress)_[a-z0-9]{5,30}\.[a-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[a-z0-9+/_=-]{30,120}`,
    minEntropy: 3,
  },
  {
    id: 'dropbox-token',
    label: 'Dropbox access token',
    kind: 'access_token',
    source: 'gitleaks:dropbox-short-lived-api-token, dropbox-long-lived-api-token',
    shape: 'token',
    keywords: ['sl.', 'aaaaaaaaaa'],
    pattern: String.raw`sl\.[a-zA-Z0-9_=-]{135,}|[a-z0-9]{11}AAAAAAAAAA[a-zA-Z0-9_=-]{43}`,
    minEntropy: 3.5,
  },
  {
    id: 'kubernetes-secret-data',
    label: 'Kubernetes secret',
    kind: 'secret',
    source: 'gitleaks:kubernetes-secret-yaml',
    shape: 'token',
    keywords: ['secret'],
    pattern: String.raw`\bkind:[ \t]*["']?Secret["']?[\s\S]{0,300}?\b(?:data|stringData):[ \t]*\r?\n[ \t]+[\w.-]+:[ \t]*["']?([A-Za-z0-9+/=._@!#%^&*-]{12,})`,
    minEntropy: 3,
  },
  {
    id: 'sidekiq-secret',
    label: 'Sidekiq Enterprise credential',
    kind: 'password',
    source: 'gitleaks:sidekiq-secret, sidekiq-sensitive-url',
    shape: 'token',
    keywords: ['contribsys'],
    pattern: String.raw`BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM[ \t]*[=:][ \t]*["']?([a-f0-9]{8}:[a-f0-9]{8})|https?://([a-f0-9]{8}:[a-f0-9]{8})@(?:gems|enterprise)\.contribsys\.com`,
    ignoreCase: true,
  },
  {
    id: 'jwt-base64',
    label: 'base64-encoded JSON Web Token',
    kind: 'access_token',
    source: 'gitleaks:jwt-base64',
    shape: 'token',
    keywords: ['zxlk'],
    pattern: String.raw`ZXlK[A-Za-z0-9+/]{40,}={0,2}`,
    minEntropy: 4,
  },
  {
    id: 'keyed-service-secret',
    label: 'service API key',
    kind: 'api_key',
    source: 'gitleaks:adafruit-api-key, airtable-api-key, beamer-api-token, cisco-meraki-api-key, confluent-secret-key, confluent-access-token, etsy-access-token, facebook-access-token, finicity-api-token, finicity-client-secret, finnhub-access-token, flickr-access-token, freemius-secret-key, freshbooks-access-token, hubspot-api-key, linear-client-secret, lob-api-key, looker-client-secret, nytimes-access-token, privateai-api-token, rapidapi-access-token, sentry-access-token, squarespace-access-token, twitch-api-token, yandex-aws-access-token, discord-api-token, kucoin-access-token, intercom-api-key',
    shape: 'keyed',
    keywords: ['adafruit', 'airtable', 'beamer', 'meraki', 'confluent', 'etsy', 'facebook', 'finicity', 'finnhub', 'flickr', 'freemius', 'freshbooks', 'hubspot', 'linear', 'lob', 'looker', 'nytimes', 'private', 'rapidapi', 'sentry', 'squarespace', 'twitch', 'yandex'],
    names: String.raw`adafruit|airtable|beamer|meraki|confluent|etsy|facebook|finicity|finnhub|flickr|freemius|freshbooks|hubspot|linear|\blob|looker|nytimes|private[_-]?ai|rapidapi|sentry|squarespace|twitch|yandex`,
    value: String.raw`(?:b_|live_|test_|YC|sk_)?[a-z0-9_=|%.-]{16,140}`,
    minEntropy: 3.3,
  },
];
