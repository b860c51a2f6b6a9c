// Language-model calls in the usage ledger: one usage_events row per call, tool `llm.<purpose>`, with its tokens.
import { usageEvents, type Database } from '@svc/db';
import type { LlmUsageSink } from '@svc/llm';
import type { Logger } from '@svc/observability';

/** Written at once and not awaited: model calls are seconds apart, so no batching is needed. */
export function llmUsageLedger(database: Database, logger: Logger): LlmUsageSink {
  return {
    record(event) {
      database.db
        .insert(usageEvents)
        .values({
          userId: event.userId,
          tool: `llm.${event.purpose}`,
          outcome: event.outcome,
          durationMs: event.durationMs,
          requestId: event.requestId ?? event.runId,
          promptTokens: event.promptTokens,
          completionTokens: event.completionTokens,
        })
        .catch((err: unknown) => {
          logger.error('usage_write_failed', { tool: `llm.${event.purpose}`, error: err instanceof Error ? err.message : String(err) });
        });
    },
  };
}
