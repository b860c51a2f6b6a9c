// Initials come from words however the name was written: spaces, dashes, underscores or humps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveInitials } from './initials';

describe('deriveInitials', () => {
  it.each([
    ['memory service', 'ms'],
    ['MemoryService', 'ms'],
    ['memoryService', 'ms'],
    ['my-cool_app', 'mca'],
    ['HTTPServer', 'hs'],
    ['  Memory   Service  ', 'ms'],
    ['MEMORY SERVICE', 'ms'],
    ['api', 'a'],
    ['web3 app', 'wa'],
    ['Web3App', 'wa'],
    ['Élan Vital', 'év'],
    ['', ''],
    ['--', ''],
  ])('%j → %j', (name, initials) => {
    expect(deriveInitials(name)).toBe(initials);
  });

  const word = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/);
  const words = fc.array(word, { minLength: 1, maxLength: 5 });
  const separator = fc.constantFrom(' ', '-', '_', '  ', ' - ', '.', '/');
  const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

  it('is the first letter of each word, whatever separates the words', () => {
    fc.assert(
      fc.property(words, separator, (ws, sep) => {
        expect(deriveInitials(ws.join(sep))).toBe(ws.map((w) => w.charAt(0)).join(''));
      }),
    );
  });

  // Camel case needs a lower-case letter to show its humps: "AA" or "A0A0" is an acronym.
  const camelWords = fc.array(fc.stringMatching(/^[a-z]{2}[a-z0-9]{0,7}$/), {
    minLength: 1,
    maxLength: 5,
  });

  it('is the same for spaced, camel-cased, upper-cased and padded spellings', () => {
    fc.assert(
      fc.property(camelWords, separator, (ws, sep) => {
        const spaced = deriveInitials(ws.join(' '));
        expect(deriveInitials(ws.map(capitalise).join(''))).toBe(spaced);
        expect(deriveInitials(ws.join(sep).toUpperCase())).toBe(spaced);
        expect(deriveInitials(`  ${ws.join(`${sep}${sep}`)}  `)).toBe(spaced);
      }),
    );
  });
});
