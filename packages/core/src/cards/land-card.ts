// land: record that an open branch landed (with its commit, also noted in the card log), then optionally move on.
import type { BranchInput, CardState } from '@svc/contract';
import type { Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { markLanded, openBranches } from './branches';
import { appendNote } from './card-log-rows';
import { touchCard } from './declare-links';
import type { FoundCard } from './find-card';
import { moveCard } from './move-card';

export interface Landing {
  branch?: BranchInput;
  commit?: string;
  state?: CardState;
}

async function branchToLand(tx: Tx, card: FoundCard, wanted: BranchInput | undefined) {
  const open = await openBranches(tx, card.row.id);
  const listed = open.map(({ repo, name }) => ({ repo, name }));
  if (wanted) {
    const match = open.find((b) => b.repo === wanted.repo && b.name === wanted.name);
    if (!match)
      throw fail.notFound(`${card.label} holds no open branch ${wanted.name} (${wanted.repo})`, {
        card: card.label,
        branches: listed,
      });
    return match;
  }
  if (open.length === 0)
    throw fail.conflict(`${card.label} holds no open branch to land`, { card: card.label });
  if (open.length > 1) {
    throw fail.validation(
      `${card.label} holds ${open.length} open branches: pass branch {repo, name} to say which landed`,
      {
        card: card.label,
        branches: listed,
      },
    );
  }
  return open[0]!;
}

export async function landCard(
  tx: Tx,
  userId: string,
  card: FoundCard,
  landing: Landing,
): Promise<boolean> {
  const branch = await branchToLand(tx, card, landing.branch);
  await markLanded(tx, branch.id, landing.commit);
  const at = landing.commit ? ` at ${landing.commit}` : '';
  await appendNote(tx, userId, card.row.id, `Landed ${branch.name} (${branch.repo})${at}.`);
  await touchCard(tx, card.row.id);
  if (landing.state) await moveCard(tx, userId, card, { state: landing.state });
  return true;
}
