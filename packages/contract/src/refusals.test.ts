// The stable refusal vocabulary clients branch on, and the details each refusal carries.
import { describe, expect, it } from 'vitest';
import { refusalDetails } from './refusal-details';
import {
  CARD_REFUSALS,
  CARD_REFUSAL_CODE,
  MESSAGE_PREFIXES,
  WRITE_REFUSED_REASONS,
  hasRefusal,
  refusalMessage,
} from './refusals';

describe('stable refusal vocabulary', () => {
  it('has the three message prefixes of Errors rule 7', () => {
    expect(Object.values(MESSAGE_PREFIXES)).toEqual([
      'scope_target_required:',
      'project_hint_unresolvable:',
      'secret_content_rejected:',
    ]);
    for (const [key, prefix] of Object.entries(MESSAGE_PREFIXES)) expect(prefix).toBe(`${key}:`);
  });

  it('has the four card refusal identifiers; branch_open alone is about current state', () => {
    expect(CARD_REFUSALS).toEqual([
      'links_required',
      'type_required',
      'branch_required',
      'branch_open',
    ]);
    expect(CARD_REFUSAL_CODE).toEqual({
      links_required: 'validation_failed',
      type_required: 'validation_failed',
      branch_required: 'validation_failed',
      branch_open: 'conflict',
    });
  });

  it('labels write refusals by the two target prefixes only', () => {
    expect(WRITE_REFUSED_REASONS).toEqual(['scope_target_required', 'project_hint_unresolvable']);
  });

  it('puts the stable part first, so clients can match the prefix only', () => {
    const message = refusalMessage('scope_target_required', 'this session has no project');
    expect(message.startsWith(MESSAGE_PREFIXES.scope_target_required)).toBe(true);
    expect(hasRefusal(message, 'scope_target_required')).toBe(true);
    expect(hasRefusal(message, 'project_hint_unresolvable')).toBe(false);
    expect(hasRefusal('links_required: relate it first', 'links_required')).toBe(true);
    // A message merely mentioning an identifier does not carry it.
    expect(hasRefusal('see links_required: later', 'links_required')).toBe(false);
  });

  it('describes the details of every refusal, each naming itself', () => {
    const names = [...Object.keys(MESSAGE_PREFIXES), ...CARD_REFUSALS].sort();
    expect(Object.keys(refusalDetails).sort()).toEqual(names);
    const sample = refusalDetails.links_required.parse({
      refusal: 'links_required',
      candidates: [{ id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', label: 'SVC-3', title: 'Queue' }],
    });
    expect(sample.candidates).toHaveLength(1);
    expect(refusalDetails.branch_open.safeParse({ refusal: 'branch_required' }).success).toBe(
      false,
    );
  });
});
