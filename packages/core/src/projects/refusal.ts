// The `project_hint_unresolvable:` refusal of a write whose project name fits none or several.
import { refusalMessage, type ProjectRef, type RefusalDetails } from '@svc/contract';
import { ServiceError } from '@svc/errors';
import { describeProjects } from './describe';
import type { ProjectCandidate } from './match';

/** A hint may be a 1024-character path; the message quotes enough to recognise it. */
const QUOTED_MAX = 80;

function quote(hint: string): string {
  const trimmed = hint.trim();
  return `"${trimmed.length > QUOTED_MAX ? `${trimmed.slice(0, QUOTED_MAX - 1)}…` : trimmed}"`;
}

const toRef = ({ id, name }: ProjectCandidate): ProjectRef => ({ id, name });

/**
 * Lists the caller's projects in message and details so the agent can retry with one of them.
 * `matches` is empty when nothing fit and holds the candidates when several did.
 */
export function projectHintUnresolvable(
  hint: string,
  matches: readonly ProjectCandidate[],
  projects: readonly ProjectCandidate[],
): ServiceError {
  const text =
    matches.length === 0
      ? `${quote(hint)} fits none of your projects: ${describeProjects(projects)}. Pass one of ` +
        'them by name, alias or initials, or a repository path or git remote to set up a new project'
      : `${quote(hint)} fits several of your projects: ${describeProjects(matches)}. ` +
        'Pass the full name of one';
  const details: RefusalDetails<'project_hint_unresolvable'> = {
    refusal: 'project_hint_unresolvable',
    project_hint: hint,
    matches: matches.map(toRef),
    projects: projects.map(toRef),
  };
  return new ServiceError('validation_failed', refusalMessage('project_hint_unresolvable', text), {
    details,
  });
}
