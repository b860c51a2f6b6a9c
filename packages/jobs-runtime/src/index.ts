// Public API of the job runtime: definitions, the registered list, the scheduler on pg-boss, and the schedule listing.
export { defineJob, type JobContext, type JobDefinition, type JobSpec } from './job-definition';
export { everyHours, everyMinutes } from './cron';
export { registeredJobs, type JobParts } from './registry';
export { createJobRuntime, deployRunId, type JobRuntime, type JobRuntimeOptions } from './runtime';
export { queuedRunsOn } from './queued-runs';
export { listSchedules, type ScheduleRow } from './schedules';
export { usageUpkeepJob } from './definitions/usage-upkeep';
export { DEFAULT_SESSION_RETENTION_DAYS, sessionUpkeepJob } from './definitions/session-upkeep';
export { REEMBED_JOB, reembedJob } from './definitions/reembed';
export { startJobWorker, type WorkerParts } from './worker';
export { startJobWorkerFromEnv, type JobWorkerEnv, type RunningJobWorker } from './worker-from-env';
export { TRANSLATE_MEMORY_JOB, TRANSLATION_JOB, translationJobs } from './definitions/translation';
export { translationQueueOn } from './translation-queue';
export { CHECK_WAKE_DELAY_MS, savedCheckQueueOn } from './check-queue';
export { llmUsageLedger } from './llm-usage';
export { languageModel, languageModelLine, type LanguageModelSettings } from './language-model';
export { backupJobs } from './definitions/backup';
export { BACKUP_MISSING } from './definitions/backup.handler';
