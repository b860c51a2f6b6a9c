// The run handlers by job name: what a queued scan, benchmark or transcript extraction does when its turn comes.
import { EXTRACTION_JOB, runExtraction, type ExtractionParams } from '../extraction/extraction-run';
import type { MemoryDeps } from '../memory/deps';
import { runHygieneScan, type HygieneParams } from '../hygiene/scan';
import { runBenchmark, type BenchmarkParams } from './benchmark';
import type { RunHandler } from './run-queue';
import { BENCHMARK_JOB, HYGIENE_JOB } from './run-tools';

export function createRunHandlers(deps: MemoryDeps): Record<string, RunHandler> {
  return {
    [HYGIENE_JOB]: async (run, signal) => {
      const reading = deps.reviewer ? { reviewer: deps.reviewer, logger: deps.logger, runId: run.id, signal } : null;
      const params = run.params as unknown as HygieneParams;
      return (await runHygieneScan(deps.database, run.ownerId!, params, new Date(), reading)) as unknown as Record<string, unknown>;
    },
    [BENCHMARK_JOB]: async (run) =>
      (await runBenchmark(deps, run.ownerId!, run.params as unknown as BenchmarkParams)) as unknown as Record<string, unknown>,
    [EXTRACTION_JOB]: async (run, signal) =>
      (await runExtraction(deps, run.ownerId!, run.params as unknown as ExtractionParams, { runId: run.id, signal })) as unknown as Record<string, unknown>,
  };
}
