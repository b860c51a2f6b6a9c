// A short human list of projects for refusal messages, so an agent can pick one and retry.
import { deriveInitials } from './initials';
import type { ProjectCandidate } from './match';

/** Long lists help nobody in a message; `details.projects` carries the full list. */
const LISTED_MAX = 10;

function describeOne(project: Omit<ProjectCandidate, 'id'>): string {
  const initials = project.initials || deriveInitials(project.name);
  const others = [...(project.aliases ?? []), ...(initials.length >= 2 ? [initials] : [])];
  const distinct = [...new Set(others)].filter((other) => other !== project.name);
  const also = distinct.length > 0 ? ` (also ${distinct.map((o) => `"${o}"`).join(', ')})` : '';
  return `"${project.name}"${also}`;
}

/** `"Memory Service" (also "svc", "ms"); "Dashboard"`, or a note that there are none. */
export function describeProjects(projects: readonly Omit<ProjectCandidate, 'id'>[]): string {
  if (projects.length === 0) return 'you have no projects yet';
  const listed = projects.slice(0, LISTED_MAX).map(describeOne).join('; ');
  const rest = projects.length - LISTED_MAX;
  return rest > 0 ? `${listed}; and ${rest} more` : listed;
}
