// The background-work settings both deployables read (the server and the jobs worker): one shape, one mapping.
import { z } from 'zod';
import { DEFAULT_SESSION_RETENTION_DAYS } from './definitions/session-upkeep';

/** Spread into an app's environment schema; parsing stays in that app's env.ts. */
export const JOBS_ENV_SHAPE = {
  KEEP_WARM_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  /** The jobs worker serves its own /metrics here (its alarms are counted in the worker); 0 turns it off. */
  JOBS_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  JOBS_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Hours between hygiene passes over every account's memories; unset, none is scheduled. */
  HYGIENE_INTERVAL_HOURS: z.coerce.number().int().min(1).max(8760).optional(),
  /** Hours between passes translating what is still untranslated; just-written memories are sent at once regardless. */
  TRANSLATION_INTERVAL_HOURS: z.coerce.number().int().min(1).max(8760).optional(),
  /** Days a thread session (`mcp_sessions`) may go unused before the daily session-upkeep deletes it. */
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(DEFAULT_SESSION_RETENTION_DAYS),
  /** An OpenAI-compatible endpoint (`http://127.0.0.1:11434/v1`); unset, the language-model features are off. */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  /** One attempt's limit; a local model on a CPU can need a minute. */
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Where alarms are POSTed as JSON (Slack-compatible `text` plus fields); unset, alarms are logged and counted only. */
  ALARM_WEBHOOK_URL: z.url().optional(),
  /** Lowers the 15-minute cap on a job (tests, or shorter limits); it can never raise it. */
  JOB_MAX_SECONDS: z.coerce.number().int().min(1).max(900).default(900),
};

/** What an app's parsed environment holds of JOBS_ENV_SHAPE. */
export type JobsEnv = z.infer<z.ZodObject<typeof JOBS_ENV_SHAPE>>;

/** The language-model part of a parsed environment (the timeout always has its default). */
interface LlmEnv {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  LLM_TIMEOUT_SECONDS: number;
}

/** The one cross-field rule: an endpoint without a model name cannot be asked anything. */
export function jobsEnvProblem(env: Pick<LlmEnv, 'LLM_BASE_URL' | 'LLM_MODEL'>): string | null {
  return env.LLM_BASE_URL && !env.LLM_MODEL
    ? 'LLM_MODEL: required with LLM_BASE_URL (the model name the endpoint serves)'
    : null;
}

export function llmSettings(env: LlmEnv) {
  return {
    baseUrl: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL,
    timeoutSeconds: env.LLM_TIMEOUT_SECONDS,
  };
}
