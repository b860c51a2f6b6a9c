// Turns a classified project_hint and the projects found for it into what the server should do.
import type { HintClassification } from './classify-hint';

export type HintOutcome<P> =
  | { status: 'matched'; project: P }
  | { status: 'none' }
  | { status: 'ambiguous'; candidates: P[] }
  | { status: 'new'; kind: 'path'; path: string; name: string }
  | { status: 'new'; kind: 'remote'; remote: string; name: string };

/**
 * `matches` are the caller's projects found for the hint: by `matchProjectsByName` for a name, by
 * `repo_paths` or `git_remotes` for a path or remote. A name that fits none or several is for the
 * caller to refuse (writes) or ignore (reads); an unknown path or remote sets up a new project.
 */
export function resolveHintOutcome<P>(
  hint: HintClassification,
  matches: readonly P[],
): HintOutcome<P> {
  const [only, ...others] = matches;
  if (only !== undefined && others.length === 0) return { status: 'matched', project: only };
  if (only !== undefined) return { status: 'ambiguous', candidates: [...matches] };
  switch (hint.kind) {
    case 'name':
      return { status: 'none' };
    case 'path':
      return { status: 'new', kind: 'path', path: hint.path, name: hint.name };
    case 'remote':
      return { status: 'new', kind: 'remote', remote: hint.remote, name: hint.name };
  }
}
