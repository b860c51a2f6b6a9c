// Public API of the db package: schema tables, the Database interface and its two drivers,
// migrations, error mapping and the queries the apps share.
export * from './schema';
export type { Database, Db, Executor, Schema, Tx, UserContext } from './client/types';
export { openDatabase, runMigrations, type OpenDatabaseOptions } from './client/open';
export { currentDatabaseLane, inBackgroundLane, inDatabaseLane, LaneGate, type DatabaseLane } from './client/lanes';
export { takeDatabaseAnswers } from './client/thread/pglite-proxy';
export { allAtOnce, both, sendsAtOnce } from './client/statements-at-once';
export { appendQueryLines } from './client/append-lines';
export { rateLimitStore, type RateLimitStore } from './client/rate-limit-store';
export { fromPgError, sqlStateOf } from './errors';
export {
  DATABASE_UNAVAILABLE,
  databaseUnavailable,
  isDatabaseUnavailable,
  unreachableCause,
  type Unreachable,
} from './unavailable';
export type { WaitAttempt, WaitOptions } from './client/wait';
export {
  createUser,
  findUserByEmail,
  getPersonalScopeId,
  getUser,
  listUsers,
  userColumns,
  type CreatedUser,
  type User,
} from './queries/users';
export {
  acceptInvitation,
  createInvitation,
  findOpenInvitation,
  hasAnyAccount,
  instanceOwnerId,
  isInvitationCode,
  listInvitations,
  revokeInvitation,
  whileNoAccount,
  type CreatedInvitation,
  type Invitation,
} from './queries/invitations';
export {
  createApiToken,
  findLiveApiToken,
  hashToken,
  listApiTokens,
  revokeApiToken,
  verifyApiToken,
  type ApiToken,
  type CreatedApiToken,
  type LiveApiToken,
} from './queries/tokens';
export {
  PROJECT_LOCATION_TAKEN,
  createProject,
  initialsOf,
  listProjectsForUser,
  setProjectMember,
  slugify,
  type CreateProjectInput,
  type CreatedProject,
  type Project,
  type ProjectMembership,
  type ProjectRole,
} from './queries/projects';
export { allocateCardNumber, cardLabel } from './queries/cards';
export { ensureEmbeddingIndex, embeddingIndexName } from './queries/embedding-index';
export {
  findSimilarMemories,
  memoryVersionHistory,
  searchMemories,
  type MemoryVersion,
  type SearchHit,
  type SearchOptions,
  type SimilarHit,
  type SimilarOptions,
} from './queries/memory-api';
export { rowsOf } from './queries/rows';
export { vectorText } from './vector-text';
export {
  createAgentSession,
  createDashboardSession,
  findAgentSessionByGrant,
  findSessionByToken,
  isSessionToken,
  listAgentSessions,
  raiseSessionAal,
  revokeGrantSessions,
  revokeSession,
  revokeUserSessions,
  touchSession,
  touchSessionIfStale,
  sessionUsed,
  type Aal,
  type AuthSession,
  type CreatedSession,
  type LiveSession,
} from './queries/sessions';
export { findPasswordCredentials, setPasswordHash, type PasswordCredentials } from './queries/credentials';
export {
  claimTotpStep,
  createPendingFactor,
  findFactor,
  findVerifiedFactor,
  removeSecondFactor,
  replaceRecoveryCodes,
  useRecoveryCode,
  verifyFactor,
  type MfaFactor,
} from './queries/mfa';
export {
  consumeLoginState,
  findUserByExternalIdentity,
  linkExternalIdentity,
  saveLoginState,
  type ExternalLoginState,
} from './queries/external-identities';
export { deleteAccount, type DeletedAccount } from './queries/accounts';
export { claimAlarmIncident, clearAlarmIncident } from './queries/alarm-incidents';
export { clearChecksDue, dueChecks, markChecksDue, markChecksDueStatement } from './queries/checks-due';
