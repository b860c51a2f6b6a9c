// One fit is a match; several are ambiguous; none is a refusal for names and a new project otherwise.
import { describe, expect, it } from 'vitest';
import { classifyProjectHint } from './classify-hint';
import { resolveHintOutcome } from './resolve-outcome';

const a = { id: 'a', name: 'A' };
const b = { id: 'b', name: 'B' };

describe('resolveHintOutcome', () => {
  it('matches the single fit of any kind of hint', () => {
    for (const hint of ['a', '/srv/a', 'git@github.com:acme/a.git']) {
      expect(resolveHintOutcome(classifyProjectHint(hint), [a])).toEqual({
        status: 'matched',
        project: a,
      });
    }
  });

  it('is ambiguous with several fits', () => {
    expect(resolveHintOutcome(classifyProjectHint('ab'), [a, b])).toEqual({
      status: 'ambiguous',
      candidates: [a, b],
    });
  });

  it('finds nothing for an unknown name', () => {
    expect(resolveHintOutcome(classifyProjectHint('billing'), [])).toEqual({ status: 'none' });
  });

  it('sets up a new project for an unknown path or remote', () => {
    expect(resolveHintOutcome(classifyProjectHint('/srv/billing/'), [])).toEqual({
      status: 'new',
      kind: 'path',
      path: '/srv/billing',
      name: 'billing',
    });
    expect(resolveHintOutcome(classifyProjectHint('git@github.com:Acme/Billing.git'), [])).toEqual({
      status: 'new',
      kind: 'remote',
      remote: 'github.com/acme/billing',
      name: 'billing',
    });
  });
});
