// The three ledgers as the contract states them, and the deprecation rule that removal waits for a later major.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BEHAVIOURAL_CHANGES, BREAKING_CHANGES, DEPRECATIONS, deprecationRow } from './ledgers';

describe('breaking-change ledger', () => {
  it('records 4.0.0 to 7.0.0 as the contract states, oldest first', () => {
    expect(BREAKING_CHANGES.map((row) => row.version)).toEqual([
      '4.0.0',
      '5.0.0',
      '6.0.0',
      '7.0.0',
    ]);
    expect(BREAKING_CHANGES[0]?.change).toContain('links_required');
    expect(BREAKING_CHANGES[1]?.change).toContain('type_required');
    expect(BREAKING_CHANGES[2]?.surfaces).toEqual(['delete_account']);
    expect(BREAKING_CHANGES[3]?.surfaces).toEqual(
      expect.arrayContaining([
        'recall.k',
        'registration.redirect_uris',
        'registration.scope',
        'registration.resource',
      ]),
    );
  });
});

describe('behavioural-change ledger', () => {
  it('lists every change of Versioning rule 8 once, then the later shape-neutral changes', () => {
    const ids = BEHAVIOURAL_CHANGES.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      'branch_required',
      'branch_open',
      'svc_labels',
      'active_move_assessment',
      'undeclared_relates_to',
      'project_hint_resolution',
      'card_create_session_project',
      'database_write_refusals',
      'promoted_rule_carrying',
      'redirecting_authorize',
      'consent_scoping',
      'second_factor',
      'secret_refusal_more_tools',
      'caller_only_conflict_counts',
      'signed_in_search_tools',
      // Versioning rule 4: the service's own shape-neutral changes since, in the order they landed.
      'mcp_origin_check',
      'database_unavailable',
      'ingest_extraction',
      'english_canonical_text',
      'saved_memory_check',
      'secret_guard_coverage',
      'mcp_invalid_params',
      'mcp_body_after_auth',
      'first_sight_one_project',
      'second_factor_replay_lockout',
      'plain_content_fields',
      'conversation_ranking',
      'transport_session_thread',
    ]);
  });
});

describe('deprecations ledger', () => {
  it('is empty: nothing is deprecated', () => {
    expect(DEPRECATIONS).toEqual([]);
  });

  it('accepts a row whose removal is a later major', () => {
    const row = {
      surface: 'recall.kinds',
      deprecated_in: '7.1.0',
      replacement: 'recall.kind',
      earliest_removal: '8.0.0',
    };
    expect(deprecationRow.safeParse(row).success).toBe(true);
  });

  it('refuses removal in the same major, i.e. in the release that announces it (rule 6.3)', () => {
    fc.assert(
      fc.property(
        fc.nat(50),
        fc.nat(50),
        fc.nat(50),
        fc.nat(50),
        (major, minor, laterMinor, patch) => {
          const row = {
            surface: 's',
            deprecated_in: `${major}.${minor}.${patch}`,
            replacement: 'r',
            earliest_removal: `${major}.${minor + laterMinor}.0`,
          };
          return !deprecationRow.safeParse(row).success;
        },
      ),
    );
  });
});
