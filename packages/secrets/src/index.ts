// Public API of the secret scanner: one package (no database, no model) that the server's guard and the watcher's redaction share.
export { scanForSecrets, type SecretFinding } from './scan';
export { redactSecrets, type Redaction } from './redact';
export {
  assertNoSecrets,
  secretContentRejected,
  type GuardedFields,
  type SecretRefusalDetails,
} from './guard';
