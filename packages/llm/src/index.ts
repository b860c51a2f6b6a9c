// Public API of the language-model client: one client for any OpenAI-compatible chat-completions endpoint.
export { createLlmClient, type LlmClient, type LlmClientDeps, type StructuredRequest } from './client';
export { LLM_DEFAULTS, llmConfig, type LlmConfig } from './config';
export type { LlmUsageEvent, LlmUsageSink } from './usage';
export type { ChatMessage } from './wire';
