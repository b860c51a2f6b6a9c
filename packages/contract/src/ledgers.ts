// The contract's three ledgers: breaking changes, behavioural changes and deprecations.
import { z } from 'zod';
import { parseSemver, semver } from './shared/semver';

export interface BreakingChange {
  readonly version: string;
  readonly change: string;
  /** The tools, inputs or routes the change touches. */
  readonly surfaces: readonly string[];
}

/** Versioning rule 7; oldest first. A new major adds its row here in the same change. */
export const BREAKING_CHANGES: readonly BreakingChange[] = [
  {
    version: '4.0.0',
    change: '`card` create and `promote_loop` need `links` or `no_links` (else `links_required`).',
    surfaces: ['card', 'promote_loop'],
  },
  {
    version: '5.0.0',
    change: '`card` create and `promote_loop` need `type` (else `type_required`).',
    surfaces: ['card', 'promote_loop'],
  },
  {
    version: '6.0.0',
    change:
      '`delete_account` withdrawn at once without notice period; account deletion is now the ' +
      "person's own step in the dashboard under Settings, Delete account.",
    surfaces: ['delete_account'],
  },
  {
    version: '7.0.0',
    change:
      'Bounds on `recall.k`, `transcript_chunk`, `recalled_ids`, and on registration ' +
      '`redirect_uris`, `scope`, `resource` (see Limits).',
    surfaces: [
      'recall.k',
      'ingest_conversation.transcript_chunk',
      'ingest_conversation.recalled_ids',
      'registration.redirect_uris',
      'registration.scope',
      'registration.resource',
    ],
  },
];

export {
  BEHAVIOURAL_CHANGES,
  type BehaviouralArea,
  type BehaviouralChange,
} from './behavioural-changes';

export const deprecationRow = z
  .strictObject({
    surface: z.string().min(1),
    deprecated_in: semver,
    replacement: z.string().min(1),
    earliest_removal: semver,
  })
  .refine(
    (row) => {
      const from = parseSemver(row.deprecated_in);
      const until = parseSemver(row.earliest_removal);
      return from !== null && until !== null && until.major > from.major;
    },
    {
      message: 'removal lands no earlier than the next major (Versioning rule 6.3)',
      path: ['earliest_removal'],
    },
  );
export type Deprecation = z.infer<typeof deprecationRow>;

/** Versioning rule 5: currently nothing is deprecated. */
export const DEPRECATIONS: readonly Deprecation[] = [];
