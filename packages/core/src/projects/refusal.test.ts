// The unresolvable-hint refusal carries the prefix, the contract's details and a usable list.
import { hasRefusal, refusalDetails } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import { describeProjects } from './describe';
import { projectHintUnresolvable } from './refusal';

const memory = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Memory Service',
  aliases: ['svc'],
  initials: 'ms',
};
const mobile = { id: '00000000-0000-4000-8000-000000000002', name: 'Mobile Store' };

describe('projectHintUnresolvable', () => {
  it('lists every project when nothing fits', () => {
    const error = projectHintUnresolvable('billing', [], [memory, mobile]);
    expect(error.code).toBe('validation_failed');
    expect(hasRefusal(error.message, 'project_hint_unresolvable')).toBe(true);
    expect(error.message).toContain('"billing" fits none of your projects');
    expect(error.message).toContain(
      '"Memory Service" (also "svc", "ms"); "Mobile Store" (also "ms")',
    );
    expect(refusalDetails.project_hint_unresolvable.parse(error.details)).toEqual({
      refusal: 'project_hint_unresolvable',
      project_hint: 'billing',
      matches: [],
      projects: [
        { id: memory.id, name: 'Memory Service' },
        { id: mobile.id, name: 'Mobile Store' },
      ],
    });
  });

  it('names the candidates when several fit', () => {
    const error = projectHintUnresolvable('ms', [memory, mobile], [memory, mobile]);
    expect(error.message).toMatch(/^project_hint_unresolvable: "ms" fits several of your projects/);
    expect(refusalDetails.project_hint_unresolvable.parse(error.details).matches).toHaveLength(2);
  });

  it('says so when the caller has no projects', () => {
    expect(projectHintUnresolvable('x', [], []).message).toContain('you have no projects yet');
  });

  it('quotes a long hint only in part', () => {
    const hint = 'x'.repeat(500);
    const error = projectHintUnresolvable(hint, [], []);
    expect(error.message.length).toBeLessThan(300);
    expect(error.details?.project_hint).toBe(hint);
  });
});

describe('describeProjects', () => {
  it('lists at most ten and counts the rest', () => {
    const many = Array.from({ length: 13 }, (_, i) => ({ name: `P${i}`, aliases: [] }));
    const text = describeProjects(many);
    expect(text).toContain('"P9"');
    expect(text).not.toContain('"P10"');
    expect(text.endsWith('; and 3 more')).toBe(true);
  });
});
