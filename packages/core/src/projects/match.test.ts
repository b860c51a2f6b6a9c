// A name fits a project by spelling, alias or initials; every fit is returned so ties surface.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveInitials } from './initials';
import { matchProjectsByName, type ProjectCandidate } from './match';

const memory: ProjectCandidate = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Memory Service',
  aliases: ['svc', 'memsvc'],
  initials: 'MS',
};
const mobile: ProjectCandidate = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Mobile Store',
  aliases: [],
  initials: null,
};
const dashboard: ProjectCandidate = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'dashboard',
  aliases: null,
};
const projects = [memory, mobile, dashboard];

const names = (hint: string) => matchProjectsByName(hint, projects).map((p) => p.name);

describe('matchProjectsByName', () => {
  it.each([
    'Memory Service',
    'memory service',
    'memory-service',
    'MEMORY_SERVICE',
    ' memoryservice ',
  ])('matches by spelling: %j', (hint) => expect(names(hint)).toEqual(['Memory Service']));

  it('matches by alias, with the same folding', () => {
    expect(names('SVC')).toEqual(['Memory Service']);
    expect(names('mem-svc')).toEqual(['Memory Service']);
  });

  it('returns every project a name fits, so the caller can refuse ambiguity', () => {
    // "ms": stored initials of Memory Service, derived initials of Mobile Store.
    expect(names('ms')).toEqual(['Memory Service', 'Mobile Store']);
  });

  it('ignores one-letter initials, which any single-word project would have', () => {
    expect(names('d')).toEqual([]);
  });

  it('returns nothing for unknown or blank names', () => {
    expect(names('billing')).toEqual([]);
    expect(names('   ')).toEqual([]);
    expect(names('memory')).toEqual([]);
  });

  it('finds a project by its name in any spacing and by its derived initials', () => {
    const word = fc.stringMatching(/^[a-z]{2,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 4 }), (words) => {
        const project = { id: 'p', name: words.join(' '), aliases: [] };
        expect(matchProjectsByName(words.join('_').toUpperCase(), [project])).toEqual([project]);
        expect(matchProjectsByName(deriveInitials(project.name), [project])).toEqual([project]);
      }),
    );
  });
});
