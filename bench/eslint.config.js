// The shared rules, plus what the base config already grants every bench/ folder (its `**/bench/**`
// globs do not match from inside this package): benchmarks print their figures and read the environment.
import base from '@svc/eslint-config/base';

export default [
  ...base,
  { files: ['**/*.ts'], rules: { 'no-console': 'off', 'no-restricted-properties': 'off' } },
];
