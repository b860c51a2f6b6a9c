// The guard's corpus, shared by the package's tests and bench/secrets: credentials of every kind
// written every way, and benign texts that must pass.
export { credentialCorpus, type CredentialCase } from './credentials';
export { CREDENTIAL_KINDS, type CredentialKind } from './kinds';
export { FORMAT_NAMES, type FormatName } from './formats';
export { benignCorpus, type BenignCase } from './benign';
export { locomoCheckMode, locomoTurns, LOCOMO_DEV_PATH } from './locomo';
