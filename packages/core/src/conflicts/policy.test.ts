// Policies and choices of resolve_conflicts, decided on plain data.
import { describe, expect, it } from 'vitest';
import { decide, type Side } from './policy';

const older: Side = { id: 'a', createdAt: new Date('2025-01-01T00:00:00Z'), importance: 0.9 };
const newer: Side = { id: 'b', createdAt: new Date('2025-06-01T00:00:00Z'), importance: 0.4 };

describe('decide', () => {
  it('keeps the newest, the oldest or the more important one and drops the other', () => {
    expect(decide(older, newer, undefined, 'keep_newest')).toMatchObject({ kind: 'keep', keep: newer, drop: older });
    expect(decide(older, newer, undefined, 'keep_oldest')).toMatchObject({ kind: 'keep', keep: older, drop: newer });
    expect(decide(older, newer, undefined, 'keep_higher_importance')).toMatchObject({ kind: 'keep', keep: older });
  });

  it('breaks an importance tie by recency, and skips a pair it cannot tell apart', () => {
    const same = { ...older, importance: newer.importance };
    expect(decide(same, newer, undefined, 'keep_higher_importance')).toMatchObject({ keep: newer });
    const twin = { ...newer, id: 'c' };
    expect(decide(newer, twin, undefined, 'keep_newest')).toMatchObject({ kind: 'skip' });
  });

  it('dismisses with keep_both, and lets a choice win over the policy', () => {
    expect(decide(older, newer, undefined, 'keep_both')).toMatchObject({ kind: 'dismiss' });
    expect(decide(older, newer, { conflict_id: 'x', keep: 'a' }, 'keep_newest')).toMatchObject({ kind: 'keep', keep: older });
    expect(decide(older, newer, { conflict_id: 'x', keep: 'merge', merged_content: 'both, merged' }, undefined)).toMatchObject({
      kind: 'merge',
      content: 'both, merged',
    });
  });

  it('skips a conflict with neither a choice nor a policy', () => {
    expect(decide(older, newer, undefined, undefined)).toMatchObject({ kind: 'skip' });
  });
});
