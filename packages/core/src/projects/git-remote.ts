// Recognises git remotes and reduces each to `host/owner/repo`, so https and ssh spellings of one
// repository find the same project (the form stored in `projects.git_remotes`).

/** Schemes git itself accepts for network remotes; `file://` is a path, not a remote. */
const SCHEME = /^(?:(?:git\+)?https?|(?:git\+)?ssh|ssh\+git|git):\/\//i;

/** scp-like `[user@]host:path`; `(?!\/\/)` keeps `scheme://` out. */
const SCP = /^(?:([^@\s/]+)@)?([^:@\s/\\]+):(?!\/\/)([^\s\\]+)$/;

/** Already canonical (`github.com/acme/api`): a dotted host with a letter TLD and two segments. */
const BARE =
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}\/[^/\s]+\/[^\s]*[^/\s]/i;

/** Host names and IPv4 addresses; anything else would not survive a second normalisation. */
const HOST = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/i;

interface ParsedRemote {
  host: string;
  path: string;
}

function parseScheme(value: string): ParsedRemote | null {
  const rest = (value.replace(SCHEME, '').split(/[?#]/)[0] ?? '').trim();
  // Everything up to the last `@` is credentials (`user:token@`), even when an unencoded `/` in
  // a password makes it look like a path: dropping too much is safe, keeping a password is not.
  const afterCredentials = rest.slice(rest.lastIndexOf('@') + 1);
  const slash = afterCredentials.indexOf('/');
  const hostPort = slash === -1 ? afterCredentials : afterCredentials.slice(0, slash);
  let path = slash === -1 ? '' : afterCredentials.slice(slash);
  const colon = hostPort.indexOf(':');
  const host = colon === -1 ? hostPort : hostPort.slice(0, colon);
  const afterColon = colon === -1 ? '' : hostPort.slice(colon + 1);
  // `ssh://git@host:owner/repo` mixes both syntaxes; a non-numeric "port" is the path's start.
  if (!/^\d*$/.test(afterColon)) path = `/${afterColon}${path}`;
  return host === '' ? null : { host, path };
}

function parseScp(value: string): ParsedRemote | null {
  const match = SCP.exec(value);
  if (!match) return null;
  const [, user, host = '', path = ''] = match;
  // Without a user, only a dotted host counts: `C:/code` and `notes:todo` are not remotes.
  if (user === undefined && !host.includes('.')) return null;
  return { host, path };
}

function parseBare(value: string): ParsedRemote | null {
  const slash = value.indexOf('/');
  if (slash <= 0 || /\s/.test(value)) return null;
  const hostPort = value.slice(0, slash);
  if (!/^[a-z0-9.-]+(?::\d+)?$/i.test(hostPort)) return null;
  return { host: hostPort.replace(/:\d+$/, ''), path: value.slice(slash) };
}

function parse(value: string): ParsedRemote | null {
  if (SCHEME.test(value)) return parseScheme(value);
  return parseScp(value) ?? parseBare(value);
}

function canonical({ host, path }: ParsedRemote): string | null {
  if (!HOST.test(host)) return null;
  const segments = (path.split(/[?#]/)[0] ?? '')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  const last = segments.pop()?.replace(/(?:\.git)+$/i, '');
  if (last) segments.push(last);
  if (segments.length === 0) return null;
  return [host, ...segments].join('/').toLowerCase();
}

/** True for `https://host/owner/repo(.git)`, `git@host:owner/repo(.git)`, `ssh://…`, and the
 *  canonical `host.tld/owner/repo`. */
export function isGitRemote(hint: string): boolean {
  const value = hint.trim();
  if (/\s/.test(value)) return false;
  if (SCHEME.test(value) || SCP.test(value)) return normalizeGitRemote(value) !== null;
  return BARE.test(value);
}

/**
 * `host/owner/repo`, lower-cased, without scheme, credentials, port, query or `.git`; null when
 * the value is not a remote. Subgroups stay (`gitlab.com/group/sub/repo`).
 */
export function normalizeGitRemote(url: string): string | null {
  const value = url.trim();
  if (value === '' || /\s/.test(value)) return null;
  const parsed = parse(value);
  return parsed ? canonical(parsed) : null;
}

/** The repository's own name, the last segment of the canonical remote. */
export function remoteRepoName(canonicalRemote: string): string {
  return canonicalRemote.slice(canonicalRemote.lastIndexOf('/') + 1);
}
