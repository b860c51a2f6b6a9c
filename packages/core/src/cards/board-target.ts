// Chooses the board a card call works on: scope, project_hint or the session's project, in that order.
import {
  refusalMessage,
  type ProjectRef,
  type RefusalDetails,
  type ScopeTarget,
} from '@svc/contract';
import { boards, both, type Tx } from '@svc/db';
import { fail, type ServiceError } from '@svc/errors';
import { eq } from 'drizzle-orm';
import { classifyProjectHint } from '../projects/classify-hint';
import { describeProjects } from '../projects/describe';
import { matchProjectsByName } from '../projects/match';
import { projectHintUnresolvable } from '../projects/refusal';
import {
  findCallerProject,
  findCallerProjectsByLocation,
  listCallerProjects,
  type CallerProject,
} from '../targets/caller-projects';
import { resolveWriteTarget } from '../targets/resolve-target';
import type { BoardRef } from './deps';

export interface BoardInput {
  scope?: ScopeTarget;
  project_hint?: string;
}

const PERSONAL_REFUSED =
  'Cards live on project boards, not in the personal scope: pass a project scope or project_hint';

type BoardRow = Omit<BoardRef, 'project'>;

function boardRowOf(tx: Tx, projectId: string): Promise<BoardRow | undefined> {
  return tx
    .select({ id: boards.id, scopeId: boards.scopeId })
    .from(boards)
    .where(eq(boards.projectId, projectId))
    .limit(1)
    .then(([row]) => row);
}

function boardRef(project: { id: string; name: string }, row: BoardRow | undefined): BoardRef {
  if (!row)
    throw fail.notFound(`Project "${project.name}" has no board`, { project_id: project.id });
  return { ...row, project: { id: project.id, name: project.name } };
}

export async function boardOfProject(
  tx: Tx,
  project: { id: string; name: string },
): Promise<BoardRef> {
  return boardRef(project, await boardRowOf(tx, project.id));
}

/**
 * The board of the project that `scope` names, read beside `project` (which checks the caller's
 * right to it): row-level security shows a board only to its project's members, and a board read
 * for a project that `project` refuses is never used. One round trip on the embedded database.
 */
async function boardOfScope(
  tx: Tx,
  scope: `project:${string}`,
  project: () => Promise<{ id: string; name: string }>,
): Promise<BoardRef> {
  const [found, row] = await both(tx, project, () =>
    boardRowOf(tx, scope.slice('project:'.length)),
  );
  return boardRef(found, row);
}

/** The card-specific wording of the contract: the board is missing because the session has no project. */
export async function noBoardRefusal(
  tx: Tx,
  userId: string,
  purpose: string,
): Promise<ServiceError> {
  const projects = await listCallerProjects(tx, userId);
  const details: RefusalDetails<'scope_target_required'> = {
    refusal: 'scope_target_required',
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
  };
  const text =
    `This session has no project, so there is no board to ${purpose}: pass scope ("project:<id>") or project_hint ` +
    `(a project name, repository path or git remote), or attach a project with a thread. ` +
    (projects.length
      ? `Your projects: ${describeProjects(projects)}.`
      : 'You have no projects yet.');
  return fail.validation(refusalMessage('scope_target_required', text), details);
}

/**
 * Create, and promote_loop, place a new card: the target rules of every write (a path or remote
 * sets up a project on first sight, an unknown name is refused, a reader may not write).
 */
export async function boardForCreate(
  tx: Tx,
  userId: string,
  input: BoardInput,
  session: ProjectRef | null,
): Promise<BoardRef> {
  if (input.scope === 'personal') throw fail.validation(PERSONAL_REFUSED);
  if (!input.scope && input.project_hint === undefined && !session)
    throw await noBoardRefusal(tx, userId, 'put the card on');
  const project = async () => {
    const target = await resolveWriteTarget(tx, userId, input, session);
    if (!target.project) throw fail.validation(PERSONAL_REFUSED);
    return target.project;
  };
  if (input.scope) return boardOfScope(tx, input.scope, project);
  return boardOfProject(tx, await project());
}

async function hintedProject(
  tx: Tx,
  userId: string,
  hint: string,
  strict: boolean,
): Promise<CallerProject | null> {
  const kind = classifyProjectHint(hint);
  if (kind.kind === 'name') {
    const projects = await listCallerProjects(tx, userId);
    const matches = matchProjectsByName(kind.name, projects);
    if (matches.length === 1) return matches[0]!;
    if (strict) throw projectHintUnresolvable(hint, matches, projects);
    return null;
  }
  const location = kind.kind === 'path' ? { path: kind.path } : { remote: kind.remote };
  const [found] = await findCallerProjectsByLocation(tx, userId, location);
  return found ?? null;
}

/**
 * The board an existing card is looked up on, or null when nothing names one. `strict` is the
 * `card` tool's rule (an unresolvable project name is refused); reads treat it as absent. Another
 * user's project scope is `forbidden`; a path never seen sets nothing up here.
 */
export async function boardForLookup(
  tx: Tx,
  userId: string,
  input: BoardInput,
  session: ProjectRef | null,
  strict: boolean,
): Promise<BoardRef | null> {
  if (input.scope === 'personal') throw fail.validation(PERSONAL_REFUSED);
  const { scope } = input;
  if (scope) {
    return boardOfScope(tx, scope, async () => {
      const project = await findCallerProject(tx, userId, scope.slice('project:'.length));
      if (!project) throw fail.forbidden('That scope belongs to someone else', { scope });
      return project;
    });
  }
  const hinted =
    input.project_hint !== undefined
      ? await hintedProject(tx, userId, input.project_hint, strict)
      : null;
  if (hinted) return boardOfProject(tx, hinted);
  if (input.project_hint !== undefined && strict) {
    throw fail.notFound(`No project of yours is at "${input.project_hint}"`, {
      project_hint: input.project_hint,
    });
  }
  const project = session ? await findCallerProject(tx, userId, session.id) : null;
  return project ? boardOfProject(tx, project) : null;
}
