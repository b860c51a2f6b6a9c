// Tells what kind of thing a project_hint is: a name, a repository path or a git remote.
import { isGitRemote, normalizeGitRemote, remoteRepoName } from './git-remote';
import { looksLikeRepoPath, normalizeRepoPath, repoPathName } from './repo-path';

/**
 * `name` points only at a project the caller already belongs to; `path` and `remote` may set up a
 * new project on first sight (contract, `project_hint` rule). `path` and `remote` are normalised
 * and `name` is what a project set up from them would be called.
 */
export type HintClassification =
  | { kind: 'name'; name: string }
  | { kind: 'path'; path: string; name: string }
  | { kind: 'remote'; remote: string; name: string };

/**
 * Remotes are checked first because `git@host:owner/repo` and `https://…` contain slashes too.
 * Anything else with a slash (or backslash), or rooted at `/`, `~` or a drive, is a path: the
 * contract defines a name as having no slash.
 */
export function classifyProjectHint(hint: string): HintClassification {
  const value = hint.trim();
  if (isGitRemote(value)) {
    const remote = normalizeGitRemote(value);
    if (remote !== null) return { kind: 'remote', remote, name: remoteRepoName(remote) };
  }
  if (looksLikeRepoPath(value)) {
    const path = normalizeRepoPath(value);
    return { kind: 'path', path, name: repoPathName(path) };
  }
  return { kind: 'name', name: value };
}
