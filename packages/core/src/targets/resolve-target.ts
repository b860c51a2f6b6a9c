// Turns `scope` / `project_hint` / the session's project into the scope a write lands in or a read searches.
import { refusalMessage, type ProjectRef, type RefusalDetails, type ScopeTarget } from '@svc/contract';
import { getPersonalScopeId, type Tx } from '@svc/db';
import { fail, type ServiceError } from '@svc/errors';
import { classifyProjectHint } from '../projects/classify-hint';
import { describeProjects } from '../projects/describe';
import { matchProjectsByName } from '../projects/match';
import { projectHintUnresolvable } from '../projects/refusal';
import {
  findOrCreateProjectAt,
  findCallerProject,
  findCallerProjectsByLocation,
  listCallerProjects,
  type CallerProject,
} from './caller-projects';

export interface TargetInput {
  scope?: ScopeTarget;
  project_hint?: string;
}

export interface ResolvedTarget {
  scopeId: string;
  scope: ScopeTarget;
  /** The project the target names, for attaching to the session; null for the personal scope. */
  project: CallerProject | null;
}

const ref = (p: CallerProject): ProjectRef => ({ id: p.id, name: p.name });

export async function personalTarget(tx: Tx, userId: string): Promise<ResolvedTarget> {
  const scopeId = await getPersonalScopeId(tx, userId);
  if (!scopeId) throw fail.notFound('Your personal scope does not exist');
  return { scopeId, scope: 'personal', project: null };
}

function projectTarget(project: CallerProject): ResolvedTarget {
  return { scopeId: project.scopeId, scope: `project:${project.id}`, project };
}

/** A project scope the caller is not a member of is another user's scope: `forbidden`. */
async function explicitScope(tx: Tx, userId: string, scope: ScopeTarget): Promise<ResolvedTarget> {
  if (scope === 'personal') return personalTarget(tx, userId);
  const project = await findCallerProject(tx, userId, scope.slice('project:'.length));
  if (!project) throw fail.forbidden('That scope belongs to someone else', { scope });
  return projectTarget(project);
}

async function scopeTargetRequired(tx: Tx, userId: string): Promise<ServiceError> {
  const projects = await listCallerProjects(tx, userId);
  const details: RefusalDetails<'scope_target_required'> = {
    refusal: 'scope_target_required',
    projects: projects.map(ref),
  };
  const listed = projects.length ? `Your projects: ${describeProjects(projects)}.` : 'You have no projects yet.';
  return fail.validation(
    refusalMessage(
      'scope_target_required',
      `Say where this belongs: pass scope ("personal" or "project:<id>") or project_hint (a project name, repository path or git remote). ${listed}`,
    ),
    details,
  );
}

/** A write needs a target; a name that fits none or several projects is refused. */
export async function resolveWriteTarget(
  tx: Tx,
  userId: string,
  input: TargetInput,
  sessionProject: ProjectRef | null,
): Promise<ResolvedTarget> {
  if (input.scope) return requireWritable(await explicitScope(tx, userId, input.scope));
  if (input.project_hint !== undefined) {
    const hint = classifyProjectHint(input.project_hint);
    if (hint.kind === 'name') {
      const projects = await listCallerProjects(tx, userId);
      const matches = matchProjectsByName(hint.name, projects);
      if (matches.length !== 1) throw projectHintUnresolvable(input.project_hint, matches, projects);
      return requireWritable(projectTarget(matches[0]!));
    }
    const location = hint.kind === 'path' ? { path: hint.path } : { remote: hint.remote };
    return requireWritable(projectTarget(await findOrCreateProjectAt(tx, userId, { name: hint.name, ...location })));
  }
  if (sessionProject) {
    const project = await findCallerProject(tx, userId, sessionProject.id);
    if (project) return requireWritable(projectTarget(project));
  }
  throw await scopeTargetRequired(tx, userId);
}

function requireWritable(target: ResolvedTarget): ResolvedTarget {
  if (target.project?.role === 'reader') {
    throw fail.forbidden(`You can read but not write project "${target.project.name}"`, { scope: target.scope });
  }
  return target;
}

export interface ReadTarget {
  /** Scopes to search; null means every scope the caller can read. */
  scopeIds: string[] | null;
  project: CallerProject | null;
  notes: string[];
}

/** Reads never refuse a hint: one that resolves to nothing is treated as absent, with a note. */
export async function resolveReadTarget(
  tx: Tx,
  userId: string,
  input: TargetInput,
  sessionProject: ProjectRef | null,
): Promise<ReadTarget> {
  if (input.scope) {
    const target = await explicitScope(tx, userId, input.scope);
    return { scopeIds: [target.scopeId], project: target.project, notes: [] };
  }
  let project: CallerProject | null = null;
  const notes: string[] = [];
  if (input.project_hint !== undefined) {
    const hint = classifyProjectHint(input.project_hint);
    const matches =
      hint.kind === 'name'
        ? matchProjectsByName(hint.name, await listCallerProjects(tx, userId))
        : await findCallerProjectsByLocation(tx, userId, hint.kind === 'path' ? { path: hint.path } : { remote: hint.remote });
    if (matches.length === 1) project = matches[0]!;
    else notes.push(`project_hint "${input.project_hint}" fits ${matches.length ? 'several' : 'none'} of your projects; searched without it.`);
  } else if (sessionProject) {
    project = await findCallerProject(tx, userId, sessionProject.id);
  }
  if (!project) return { scopeIds: null, project: null, notes };
  // Personal memories (preferences, standing habits) apply inside every project too.
  const personal = await personalTarget(tx, userId);
  return { scopeIds: [project.scopeId, personal.scopeId], project, notes };
}
