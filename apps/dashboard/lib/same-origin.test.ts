import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './same-origin';

describe('isSameOrigin', () => {
  const origin = 'https://dash.example';
  it('accepts the dashboard origin only', () => {
    expect(isSameOrigin(new Headers({ origin }), origin)).toBe(true);
    expect(isSameOrigin(new Headers({ origin: 'https://evil.example' }), origin)).toBe(false);
    expect(isSameOrigin(new Headers({ origin: 'http://dash.example' }), origin)).toBe(false);
    expect(isSameOrigin(new Headers({ origin: 'null' }), origin)).toBe(false);
  });
  it('refuses a post without Origin', () => {
    expect(isSameOrigin(new Headers(), origin)).toBe(false);
  });
});
