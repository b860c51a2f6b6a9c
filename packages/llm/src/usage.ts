// What one language-model call costs, handed to the usage ledger by whoever wired the client.

export interface LlmUsageEvent {
  /** What the call was for (`translate`, `hygiene`, `extract`); the ledger names it `llm.<purpose>`. */
  purpose: string;
  /** Whose memory the call was about, when one person's; null for work across owners. */
  userId: string | null;
  /** `ok` or the error code the call ended with. */
  outcome: string;
  durationMs: number;
  promptTokens: number;
  completionTokens: number;
  requestId: string | null;
  runId: string | null;
}

export interface LlmUsageSink {
  /** Must not throw or wait: the ledger never holds up the work it measures. */
  record(event: LlmUsageEvent): void;
}
