// Which of the caller's projects a project_hint name fits, by spelling, alias or initials.
import { deriveInitials } from './initials';

/** What matching needs of a project; rows may carry more. */
export interface ProjectCandidate {
  id: string;
  name: string;
  aliases?: readonly string[] | null;
  /** Stored initials; derived from the name when absent. */
  initials?: string | null;
}

/** "Memory Service", "memory-service" and "memory_service" are one spelling. */
export function foldProjectName(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** One-letter initials would make every single-word project a candidate for any letter. */
const MIN_INITIALS = 2;

function fits(folded: string, project: ProjectCandidate): boolean {
  if (foldProjectName(project.name) === folded) return true;
  if ((project.aliases ?? []).some((alias) => foldProjectName(alias) === folded)) return true;
  const initials = foldProjectName(project.initials || deriveInitials(project.name));
  return initials.length >= MIN_INITIALS && initials === folded;
}

/**
 * Every project the name fits, in the order given. All fits are returned, not the best one: the
 * contract refuses a name that fits several, so the caller must see them all.
 */
export function matchProjectsByName<P extends ProjectCandidate>(
  hint: string,
  projects: readonly P[],
): P[] {
  const folded = foldProjectName(hint);
  if (folded === '') return [];
  return projects.filter((project) => fits(folded, project));
}
