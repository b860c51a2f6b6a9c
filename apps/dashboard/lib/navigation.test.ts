import { describe, expect, it } from 'vitest';
import { isNavigation, showsPage } from './navigation';

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

describe('showsPage', () => {
  it('is every navigation of the top document, a form post included', () => {
    expect(showsPage(req('GET', { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }))).toBe(true);
    expect(showsPage(req('POST', { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }))).toBe(true);
    expect(showsPage(req('GET', { accept: 'text/html' }))).toBe(true);
  });

  it("is not a script's request, a server action included", () => {
    expect(showsPage(req('POST', { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', accept: 'text/x-component' }))).toBe(false);
    expect(showsPage(req('POST', { accept: 'text/html' }))).toBe(false);
  });
});
