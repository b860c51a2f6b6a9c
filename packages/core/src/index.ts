// Public API of the core package: domain rules the server and jobs share, as named exports.

// Secret guard: lives in @svc/secrets; re-exported so existing importers of core keep working.
export {
  scanForSecrets,
  assertNoSecrets,
  secretContentRejected,
  type SecretFinding,
  type GuardedFields,
  type SecretRefusalDetails,
} from '@svc/secrets';

// Project hints: resolves the contract's `project_hint` (`project_hint_unresolvable:`).
export { classifyProjectHint, type HintClassification } from './projects/classify-hint';
export { isGitRemote, normalizeGitRemote } from './projects/git-remote';
export { normalizeRepoPath } from './projects/repo-path';
export { deriveInitials } from './projects/initials';
export { foldProjectName, matchProjectsByName, type ProjectCandidate } from './projects/match';
export { describeProjects } from './projects/describe';
export { resolveHintOutcome, type HintOutcome } from './projects/resolve-outcome';
export { projectHintUnresolvable } from './projects/refusal';

// Memory plane: the operations behind the memory tools, run as the caller under row-level security.
export type { Actor } from './actor';
export type { MemoryDeps, MemoryIndexer, NearDuplicate, SavedChecks } from './memory/deps';
export type { RecallHit, RecallQuery, Retriever } from './memory/retriever';
export { ftsRetriever, filterConditions } from './memory/fts-retriever';
export { remember, type RememberOptions } from './memory/remember';
export { recall } from './memory/recall';
export { forget, closeLoop } from './memory/retire';
export { restoreMemory } from './memory/restore';
export { loadMemory, loadMemories, type LoadedMemory } from './memory/load';
export { toMemoryView } from './memory/to-view';
export { buildContext } from './context/build-context';
export { listActiveRules } from './rules/active-rules';
export { promoteRule } from './rules/promote-rule';
export { sessionLine, sessionView, loadThreadSession, type SessionView } from './sessions/thread-sessions';
export { resolveReadTarget, resolveWriteTarget, type ResolvedTarget, type ReadTarget } from './targets/resolve-target';
export { listCallerProjects, type CallerProject } from './targets/caller-projects';
export { ingestConversation } from './ingest/ingest-conversation';

// Translation into English in the background (with a language model only).
export {
  catchUpTranslations,
  sourceHash,
  translateMemory,
  untranslatedMemories,
  type TranslationDeps,
  type TranslationOutcome,
  type TranslationQueue,
} from './translation';
export { EXTRACTION_JOB, runExtraction, type ExtractionParams, type ExtractionResult } from './extraction/extraction-run';
export { offlineExtractor, EXTRACTED_MAX_PER_CHUNK } from './extraction/offline-extractor';
export { modelExtractor } from './extraction/model-extractor';
export { transcriptTurns } from './extraction/transcript-turns';
export type { Extractor, ExtractedMemory, ExtractionInput, Turn } from './extraction/types';

// Cards and boards: card, board, card_log, promote_loop, the card part of link (`linkCards`), and a board by project id.
export {
  runCard,
  runBoard,
  projectBoard,
  runCardLog,
  promoteLoop,
  linkCards,
  summarizeCards,
  cardsInProgress,
  type BoardFilter,
  type CardDeps,
  type LinkCardsInput,
  type LinkCardsResult,
} from './cards';

// Memory library: moving and importing memories, browsing, similarity, version history, entity links.
export { moveMemories } from './library/move-memories';
export { importMemory } from './library/import-memory';
export { searchMemories } from './library/search-memories';
export { findSimilarMemory } from './library/find-similar';
export { lexicalFinder, type SimilarityFinder, type SimilarityQuery, type SimilarMatch } from './library/similarity';
export { vectorFinder } from './library/vector-similarity';
export { memoryVersionHistory } from './library/version-history';
export { linkEntities } from './library/link-entities';
export type { MemoryAudit, MemoryAuditAction, MemoryAuditEntry, MemoryAuditEvent } from './library/audit';

// Conflicts between memories: listing and settling the caller's own.
export { listConflicts } from './conflicts/list-conflicts';
export { resolveConflicts } from './conflicts/resolve-conflicts';

// Retrieval: hybrid search (BM25F in SQL + pgvector, fused), indexing, re-embedding, similarity.
export * from './retrieval';

// Background runs started by a request (scan_hygiene, benchmark_memory), handed to the job queue.
export { type RunQueue, type RunHandler } from './runs/run-queue';
export { beginRun, finishRun, queuedRuns, requeueRun, startOrJoinRun, type RunRow } from './runs/run-store';
export { createRunHandlers } from './runs/handlers';
export { scanHygiene, benchmarkMemory, HYGIENE_JOB, BENCHMARK_JOB } from './runs/run-tools';
export { runHygieneScan } from './hygiene/scan';
export { modelPairReviewer, type PairReviewer, type PairVerdict } from './hygiene/review';
export type { HygieneReading } from './hygiene/confirm';
export { checkSavedMemory, type SavedCheckOutcome } from './hygiene/check-saved';
// Memories stored before every write detected its language, detected once in the background.
export { detectStoredLanguages, type DetectionCounts } from './language/detect-stored';
