// The embeddings configuration: which provider runs and how, validated once at start-up.
import { z } from 'zod';
import { ONNX_DTYPES } from './providers/onnx-files';

/** Environment files leave unset values as empty strings: read them as absent, not invalid. */
const isBlank = (v: unknown): v is '' | undefined =>
  v === undefined || (typeof v === 'string' && v.trim() === '');

const text = z
  .string()
  .optional()
  .transform((v) => (isBlank(v) ? undefined : v.trim()));

/** A number, or its decimal text as the environment gives it; blank means unset. */
function integer(min: number) {
  return z
    .union([z.number(), z.string()])
    .optional()
    .transform((v) => (isBlank(v) ? undefined : Number(v)))
    .pipe(z.number().int().min(min).optional());
}

const flag = z
  .union([z.boolean(), z.literal(''), z.stringbool()])
  .optional()
  .transform((v) => (isBlank(v) ? false : v));
const prefix = z.string().optional();

export const DEFAULT_QUERY_CACHE_SIZE = 256;

/** Shared by every provider that embeds: `batchSize` falls back to the provider's own default. */
const common = {
  batchSize: integer(1),
  /** Repeated recall queries skip the model; 0 turns the cache off. */
  queryCacheSize: integer(0).transform((v) => v ?? DEFAULT_QUERY_CACHE_SIZE),
};

/**
 * Worker threads running the offline model, so the serving thread never computes a vector (see
 * workers/use-in-workers.ts); 0 runs it in the serving thread, as before.
 */
export const DEFAULT_USE_WORKER_THREADS = 1;

/**
 * Niceness of those threads (Linux: per thread). Inference is throughput work; on a saturated
 * machine the serving and database threads, which every call waits on, should get a core first.
 */
export const DEFAULT_USE_WORKER_NICE = 10;

const useConfig = z.object({
  provider: z.literal('use'),
  ...common,
  workerThreads: integer(0).transform((v) => v ?? DEFAULT_USE_WORKER_THREADS),
  workerNice: integer(0)
    .pipe(z.number().max(19).optional())
    .transform((v) => v ?? DEFAULT_USE_WORKER_NICE),
});

const onnxConfig = z
  .object({
    provider: z.literal('onnx'),
    ...common,
    modelDir: text,
    modelId: text,
    allowRemote: flag,
    pooling: z.enum(['mean', 'cls']).default('mean'),
    dtype: z.enum(ONNX_DTYPES).default('fp32'),
    queryPrefix: prefix,
    documentPrefix: prefix,
  })
  .superRefine((c, ctx) => {
    if ((c.modelDir === undefined) === (c.modelId === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['modelDir'],
        message: 'the onnx provider needs exactly one of a model directory or a model id',
      });
    }
  });

const openAiConfig = z.object({
  provider: z.literal('openai'),
  ...common,
  url: z.url({ protocol: /^https?$/ }),
  apiKey: text,
  model: z.string().trim().min(1),
  dimensions: integer(1),
  timeoutMs: integer(1).transform((v) => v ?? 30_000),
  queryPrefix: prefix,
  documentPrefix: prefix,
});

/** Lexical search only: no embedder at all. */
const noneConfig = z.object({ provider: z.literal('none') });

export const EMBEDDING_PROVIDERS = ['use', 'onnx', 'openai', 'none'] as const;
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

const providerConfigSchema = z.discriminatedUnion('provider', [
  useConfig,
  onnxConfig,
  openAiConfig,
  noneConfig,
]);

export const embeddingsConfigSchema = z.preprocess(
  // The offline default needs no configuration at all.
  (v) =>
    v && typeof v === 'object' && isBlank((v as { provider?: unknown }).provider)
      ? { ...v, provider: 'use' }
      : v,
  providerConfigSchema,
);

export type EmbeddingsConfig = z.output<typeof embeddingsConfigSchema>;
type ProviderConfigInput = z.input<typeof providerConfigSchema>;
/** What `createEmbedder` accepts: `provider` may be left out (or blank) for the default. */
export type EmbeddingsConfigInput =
  | ProviderConfigInput
  | (Omit<Extract<ProviderConfigInput, { provider: 'use' }>, 'provider'> & { provider?: '' });

/**
 * The environment variables env.ts maps, by configuration key. The package never reads
 * process.env itself; env.ts passes its variables to `embeddingsConfigFromEnv`.
 */
export const EMBEDDINGS_ENV = {
  provider: 'EMBEDDINGS_PROVIDER',
  modelDir: 'EMBEDDINGS_MODEL_DIR',
  modelId: 'EMBEDDINGS_MODEL_ID',
  allowRemote: 'EMBEDDINGS_ALLOW_REMOTE',
  url: 'EMBEDDINGS_URL',
  apiKey: 'EMBEDDINGS_API_KEY',
  model: 'EMBEDDINGS_MODEL',
  dimensions: 'EMBEDDINGS_DIMENSIONS',
  batchSize: 'EMBEDDINGS_BATCH_SIZE',
  workerThreads: 'EMBEDDINGS_WORKER_THREADS',
  workerNice: 'EMBEDDINGS_WORKER_NICE',
} as const;

/** Picks the EMBEDDINGS_* variables out of `vars` and validates them; throws a ZodError when invalid. */
export function embeddingsConfigFromEnv(
  vars: Readonly<Record<string, string | undefined>>,
): EmbeddingsConfig {
  const input = Object.fromEntries(
    Object.entries(EMBEDDINGS_ENV).map(([key, name]) => [key, vars[name]]),
  );
  return embeddingsConfigSchema.parse(input);
}
