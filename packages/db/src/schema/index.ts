// The whole schema as the drivers see it: the generated tables plus the hand-migrated usage ledger.
export * from './managed';
export { usageEvents } from './partitioned/usage-events';
