import { describe, expect, it } from 'vitest';
import { outageHtml } from './outage-page';

describe('the outage page', () => {
  it('is a whole styled document with the wait, escaped, and no self-reload', () => {
    const html = outageHtml({ title: 'Down <now>', body: 'A & B', retryAfter: 5 });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Down &#60;now&#62;</h1>');
    expect(html).toContain('A &#38; B');
    expect(html).toContain('Wait 5 seconds');
    expect(html).not.toContain('http-equiv="refresh"');
  });
});
