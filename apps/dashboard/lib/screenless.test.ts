import { describe, expect, it } from 'vitest';
import { allowsScreenless } from './screenless';

const DASHBOARD = 'http://127.0.0.1:3000';
const h = (entries: Record<string, string>) => new Headers(entries);

describe('allowsScreenless', () => {
  it('allows an arrival on its own (an address opened by the person or their program)', () => {
    expect(allowsScreenless(h({ 'sec-fetch-site': 'none' }), DASHBOARD)).toBe(true);
  });

  it('allows an arrival from the dashboard itself', () => {
    expect(allowsScreenless(h({ 'sec-fetch-site': 'same-origin' }), DASHBOARD)).toBe(true);
  });

  it('allows a same-site hop only when the page that started it was the dashboard', () => {
    expect(allowsScreenless(h({ 'sec-fetch-site': 'same-site', referer: `${DASHBOARD}/settings` }), DASHBOARD)).toBe(true);
    expect(allowsScreenless(h({ 'sec-fetch-site': 'same-site', referer: 'http://127.0.0.1:4000/' }), DASHBOARD)).toBe(false);
    expect(allowsScreenless(h({ 'sec-fetch-site': 'same-site' }), DASHBOARD)).toBe(false);
    expect(allowsScreenless(h({ 'sec-fetch-site': 'same-site', referer: 'not a url' }), DASHBOARD)).toBe(false);
  });

  it('shows the screen when another site sent the browser, even with a forged-looking Referer', () => {
    expect(allowsScreenless(h({ 'sec-fetch-site': 'cross-site', referer: `${DASHBOARD}/` }), DASHBOARD)).toBe(false);
  });

  it('shows the screen when the browser sends no Fetch Metadata', () => {
    expect(allowsScreenless(h({ referer: `${DASHBOARD}/` }), DASHBOARD)).toBe(false);
  });
});
