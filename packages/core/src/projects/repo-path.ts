// Repository paths as agents report them (POSIX, `~`, Windows), reduced to one spelling per
// checkout so a second session in the same directory finds the project `repo_paths` recorded.

/** `/…`, `~`, `~/…`, `~user/…`, `C:\…`, `C:/…`, `\\server\share`, `./…`, `../…`, `file://…`. */
const ROOTED = /^(?:[/\\]|~(?:[^\s/\\]*[/\\]|$)|[A-Za-z]:[/\\]|\.{1,2}[/\\]|file:\/\/)/;

/** True when the hint is written like a filesystem path (rooted, or with a separator). */
export function looksLikeRepoPath(hint: string): boolean {
  const value = hint.trim();
  return ROOTED.test(value) || /[/\\]/.test(value);
}

/** Splits off what `..` must never climb above: `/`, `//server/`, `~`, `~user/`, `c:/`. */
function splitRoot(path: string): { root: string; rest: string } {
  const unc = /^\/\/([^/]*)/.exec(path);
  const server = unc?.[1]?.trim();
  if (unc && server) return { root: `//${server}/`, rest: path.slice(unc[0].length) };
  const match = /^(~[^/]*|[a-z]:(?=\/|$))?(\/*)/.exec(path);
  const head = match?.[1]?.trim() ?? '';
  return { root: head + (match?.[2] ? '/' : ''), rest: path.slice(match?.[0].length ?? 0) };
}

function join(root: string, segments: readonly string[]): string {
  const joined = segments.join('/');
  if (joined !== '') return root === '' || root.endsWith('/') ? root + joined : `${root}/${joined}`;
  if (root === '') return '.';
  // `/` and `c:/` are roots as written; `~/` and `//server/` read better without the slash.
  return /^(?:~|\/\/)/.test(root) ? root.replace(/\/$/, '') : root;
}

/**
 * One spelling per directory: forward slashes, no `.`/`..`/empty segments, no trailing slash or
 * spaces around segments, a lower-case drive letter, and the checkout rather than its `.git`
 * folder. Case is otherwise kept, since most filesystems servers see are case-sensitive; `~` stays
 * unexpanded because the home directory is the caller's, not the server's.
 */
export function normalizeRepoPath(path: string): string {
  const value = path
    .trim()
    .replace(/^file:\/\/(?:\/(?=[A-Za-z]:))?/i, '')
    .trim()
    .replace(/\\/g, '/')
    .replace(/^([A-Za-z]):(?=\/|$)/, (_, drive: string) => `${drive.toLowerCase()}:`);
  const { root, rest } = splitRoot(value);
  const segments: string[] = [];
  // Spaces around a segment are copy-and-paste residue, not part of a directory's name.
  for (const segment of rest.split('/').map((part) => part.trim())) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && segments.length > 0 && segments.at(-1) !== '..') segments.pop();
    else if (segment !== '..' || root === '') segments.push(segment);
  }
  while (segments.at(-1) === '.git' && segments.length > 1) segments.pop();
  return join(root, segments);
}

/** The directory's own name, used to name a project set up from a path. */
export function repoPathName(normalizedPath: string): string {
  const last = normalizedPath.slice(normalizedPath.lastIndexOf('/') + 1);
  return last === '' ? normalizedPath : last;
}
