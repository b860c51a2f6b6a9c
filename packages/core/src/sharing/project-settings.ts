// Renaming a project and setting the aliases a project_hint also matches (owners only, under row-level security).
import { fail } from '@svc/errors';
import { eq } from 'drizzle-orm';
import { projects, type Tx } from '@svc/db';
import { deriveInitials } from '../projects/initials';

export const PROJECT_NAME_MAX = 200;
export const ALIAS_MAX = 80;
export const ALIASES_MAX = 20;

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw fail.validation('A project name must not be empty');
  if (trimmed.length > PROJECT_NAME_MAX) throw fail.validation(`A project name has at most ${PROJECT_NAME_MAX} characters`);
  return trimmed;
}

/**
 * Aliases are names a project_hint matches, so they follow the hint's rule for names: no slash
 * (a value with one is read as a repository path) and nothing that looks like a git remote.
 * Duplicates (ignoring letter case) are dropped; order is kept.
 */
export function checkedAliases(aliases: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of aliases) {
    const alias = raw.trim();
    if (alias === '') continue;
    if (alias.length > ALIAS_MAX) throw fail.validation(`An alias has at most ${ALIAS_MAX} characters`, { alias });
    if (/[/\\:@]/.test(alias)) throw fail.validation('An alias is a name: no slash, colon or @', { alias });
    const key = alias.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(alias);
  }
  if (kept.length > ALIASES_MAX) throw fail.validation(`A project has at most ${ALIASES_MAX} aliases`);
  return kept;
}

/** The initials follow the new name, as they did for the old one. */
export async function renameProject(tx: Tx, projectId: string, name: string): Promise<{ name: string; initials: string }> {
  const checked = checkedName(name);
  const initials = deriveInitials(checked);
  await tx.update(projects).set({ name: checked, initials }).where(eq(projects.id, projectId));
  return { name: checked, initials };
}

export async function setProjectAliases(tx: Tx, projectId: string, aliases: readonly string[]): Promise<string[]> {
  const checked = checkedAliases(aliases);
  await tx.update(projects).set({ aliases: checked }).where(eq(projects.id, projectId));
  return checked;
}
