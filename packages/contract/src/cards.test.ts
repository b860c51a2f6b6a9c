// Card vocabulary and SVC-N labels: the contract's types, relations that invert cleanly, labels that round-trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_MAX } from './bounds';
import {
  CARD_RELATIONS,
  CARD_RELATION_INVERSES,
  CARD_STATES,
  CARD_TYPES,
  CARD_TYPE_MEANINGS,
  REF_KINDS,
  cardLabel,
  formatCardLabel,
  parseCardLabel,
} from './cards';

describe('card vocabulary', () => {
  it('has the four contract types with their meanings', () => {
    expect(CARD_TYPES).toEqual(['story', 'bug', 'task', 'spike']);
    expect(CARD_TYPE_MEANINGS.spike).toContain('answer');
  });

  it('has active among the states, and the attachment kinds', () => {
    expect(CARD_STATES).toEqual(['backlog', 'active', 'review', 'done', 'dropped']);
    expect(REF_KINDS).toEqual(['memory', 'card', 'url']);
  });

  it('pairs every relation with an inverse whose inverse is itself', () => {
    for (const relation of CARD_RELATIONS) {
      expect(CARD_RELATION_INVERSES[CARD_RELATION_INVERSES[relation]]).toBe(relation);
    }
    expect(CARD_RELATION_INVERSES.relates_to).toBe('relates_to');
  });
});

describe('SVC-N labels', () => {
  const n = fc.integer({ min: 1, max: CARD_NUMBER_MAX });

  it('formats and parses back every card number', () => {
    fc.assert(fc.property(n, (num) => parseCardLabel(formatCardLabel(num)) === num));
    fc.assert(fc.property(n, (num) => cardLabel.safeParse(formatCardLabel(num)).success));
  });

  it('reads the label, its number as text or as a number', () => {
    expect(parseCardLabel('SVC-12')).toBe(12);
    expect(parseCardLabel('svc-12')).toBe(12);
    expect(parseCardLabel(' 12 ')).toBe(12);
    expect(parseCardLabel(12)).toBe(12);
  });

  it.each(['SVC-0', 'SVC-012', 'SVC-', 'SVC12', 'ABC-12', '-1', '1.5', '', 'SVC-1234567890'])(
    'refuses %j',
    (text) => {
      expect(parseCardLabel(text)).toBeNull();
    },
  );

  it('refuses numbers that are no card numbers', () => {
    for (const bad of [0, -3, 1.5, Number.NaN, CARD_NUMBER_MAX + 1]) {
      expect(parseCardLabel(bad)).toBeNull();
      expect(() => formatCardLabel(bad)).toThrow(RangeError);
    }
  });

  it('accepts only canonical labels on the wire', () => {
    expect(cardLabel.safeParse('svc-12').success).toBe(false);
    expect(cardLabel.safeParse('SVC-12').success).toBe(true);
  });
});
