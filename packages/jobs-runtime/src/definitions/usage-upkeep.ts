// Usage upkeep runs daily (and after every deploy) to keep the usage ledger's partitions ahead.
import { defineJob } from '../job-definition';
import { usageUpkeep } from './usage-upkeep.handler';

export const usageUpkeepJob = defineJob({
  name: 'usage-upkeep',
  schedule: '10 0 * * *',
  runAfterDeploy: true,
  handler: usageUpkeep,
});
