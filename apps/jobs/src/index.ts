// Public API of the jobs app: job definitions the scheduler runs.
export { defineJob, type JobContext, type JobDefinition } from './job-definition';
export { usageUpkeepJob } from './definitions/usage-upkeep';
