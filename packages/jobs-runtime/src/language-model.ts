// The language model of a serving process or a worker: the one client, its calls in the usage ledger; null when unset.
import type { Database } from '@svc/db';
import { createLlmClient, llmConfig, type LlmClient } from '@svc/llm';
import type { Logger } from '@svc/observability';
import { llmUsageLedger } from './llm-usage';

export interface LanguageModelSettings {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  timeoutSeconds: number;
}

export function languageModel(settings: LanguageModelSettings, database: Database, logger: Logger): LlmClient | null {
  if (!settings.baseUrl || !settings.model) return null;
  return createLlmClient({
    config: llmConfig({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model, timeoutMs: settings.timeoutSeconds * 1000 }),
    logger,
    usage: llmUsageLedger(database, logger),
  });
}

/** The line `svc jobs` prints under its table, so an operator sees why translation is or is not there. */
export function languageModelLine(settings: LanguageModelSettings, translationIntervalHours?: number): string {
  if (!settings.baseUrl || !settings.model) {
    return 'language model: off (LLM_BASE_URL unset): no translation, extraction uses the offline extractor, hygiene uses its word checks only';
  }
  const schedule = translationIntervalHours ? `, backlog every ${translationIntervalHours} h` : ', no backlog schedule (TRANSLATION_INTERVAL_HOURS unset)';
  return `language model: ${settings.model} at ${new URL(settings.baseUrl).host}: new memories translated on write${schedule}`;
}
