// Credentials on command lines people paste from their shell history. Ported from gitleaks'
// config/gitleaks.toml (MIT, github.com/gitleaks/gitleaks, commit b58d3f1); header forms of
// `curl -H "Authorization: …"` are read by the generic Authorization detector.
import type { Rule } from './types';

export const COMMAND_RULES: readonly Rule[] = [
  {
    id: 'command-user-password',
    label: 'password on a command line',
    kind: 'password',
    source: 'gitleaks:curl-auth-user (and the same -u/--user, -p/--password flags of wget, mysql, psql-style tools)',
    shape: 'token',
    keywords: ['-u', '--user', '--password', '-p'],
    pattern: String.raw`(?:-u|--user)[ =]["']?[\w.@+-]{1,64}:([^\s"'@]{6,128})|(?:--password|--passwd|-p)[ =]?["']?([^\s"'-][^\s"']{5,127})`,
  },
];
