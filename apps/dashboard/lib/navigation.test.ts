import { describe, expect, it } from 'vitest';
import { isNavigation } from './navigation';

const req = (method: string, headers: Record<string, string>) => ({ method, headers: new Headers(headers) });

describe('isNavigation', () => {
  it('is a GET with Sec-Fetch-Mode navigate', () => {
    expect(isNavigation(req('GET', { 'sec-fetch-mode': 'navigate', accept: '*/*' }))).toBe(true);
  });

  it('is not a fetch or a form post, whatever they accept', () => {
    expect(isNavigation(req('GET', { 'sec-fetch-mode': 'cors', accept: 'text/html' }))).toBe(false);
    expect(isNavigation(req('POST', { 'sec-fetch-mode': 'navigate', accept: 'text/html' }))).toBe(false);
  });

  it('falls back to Accept when the browser sends no Fetch Metadata', () => {
    expect(isNavigation(req('GET', { accept: 'text/html,application/xhtml+xml' }))).toBe(true);
    expect(isNavigation(req('GET', { accept: 'application/json' }))).toBe(false);
    expect(isNavigation(req('GET', {}))).toBe(false);
  });
});
