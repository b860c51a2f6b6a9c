// A board read by project id alone, for callers that name the project directly (the dashboard).
import { fail } from '@svc/errors';
import type { Actor } from '../actor';
import { findCallerProject } from '../targets/caller-projects';
import { boardOfProject } from './board-target';
import { boardPage, type BoardFilter } from './board-page';
import type { CardDeps } from './deps';

/**
 * The page `board get` would show for that project's scope. A project the caller is not a member
 * of is `not_found`, not `forbidden`: by id alone, another person's project must not be confirmed.
 */
export async function projectBoard(deps: CardDeps, actor: Actor, projectId: string, filter: BoardFilter) {
  return deps.database.asUser(actor, async (tx) => {
    const project = await findCallerProject(tx, actor.userId, projectId);
    if (!project) throw fail.notFound('No such project', { project_id: projectId });
    return boardPage(tx, await boardOfProject(tx, project), filter);
  });
}
