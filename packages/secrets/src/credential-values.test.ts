// The value check behind the generic detectors: real-looking secrets pass, stand-ins do not.
import { describe, expect, it } from 'vitest';
import { fake } from './__fixtures__/fake';
import { looksLikeSecretValue } from './credential-values';

describe('looksLikeSecretValue', () => {
  it.each([
    'Zq8#vN3xLp!',
    'k9Vx2mQp7Rt',
    's3cr3t-pass',
    fake('hex', 40, '0123456789abcdef'),
    'correct horse battery staple',
    // Three x in a row by chance inside random base64 or at the start of a Redis password (corpus).
    'X74xJkYGIee30LTZh2g11Wk0YEMCKvxK5cCtyu00Et6eacrYze5V7lnIlij6XXxooKH2rTQBzSy+h03tPf60ic==',
    'xXx30nWjQJLjTDWAUba1S1bAPf9YAXcm',
    // Percent signs around capitals inside a generated password, not a %VARIABLE%.
    'Nr5GQH%HN8%ghpJBa7oL',
    'i-7%EY%4-grMTRyY',
    // Random letters split by an underscore: not a resource name.
    'lVdWFKvzHkD_FqjC',
  ])('accepts %s', (value) => {
    expect(looksLikeSecretValue(value)).toBe(true);
  });

  it.each([
    ['too short', 'Hx7!ab'],
    ['a type', 'string'],
    ['a common stand-in', 'password'],
    ['one character class', 'correcthorsebattery'],
    ['a template', '${DB_PASSWORD}'],
    ['a CI expression', '{{ secrets.TOKEN }}'],
    ['a shell variable', '$DB_PASSWORD'],
    ['a member access', 'process.env.DB_PASSWORD'],
    ['optional chaining', 'config?.db.password'],
    ['a call', 'getPassword(user)'],
    ['an index', 'os.environ["KEY"]'],
    ['a path', '/etc/ssl/private/key.pem'],
    ['a home path', '~/.config/token'],
    ['a 1Password reference', 'op://Engineering/OpenAI/credential'],
    ['an AWS ARN', 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:x'],
    ['a URL', 'https://vault.acme.io/v1/secret/data/app'],
    ['a resource name', 'prod-db-credentials-2024'],
    ['a Windows variable', '%DB_PASSWORD%'],
    ['a Windows variable in a path', '%APPDATA%\\svc\\token2'],
    ['masked', '************'],
    ['an x placeholder', 'sk_live_xxxxxxxxxxxx'],
    ['an ellipsis', 'sk-ant-api03-...'],
    ['a your-placeholder', 'YOUR_API_KEY_1'],
    ['one repeated character', 'aaaaaaaaaaaaaaaaaaaa'],
    ['over 256 characters', `Aa1!${'b'.repeat(300)}`],
  ])('rejects %s', (_, value) => {
    expect(looksLikeSecretValue(value)).toBe(false);
  });
});
