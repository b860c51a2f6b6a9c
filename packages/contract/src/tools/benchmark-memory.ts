// `benchmark_memory`: start a background measurement of retrieval quality and speed, or read one.
import { z } from 'zod';
import { BENCHMARK_EXPECTED_IDS_MAX, BENCHMARK_QUERIES_MAX, QUERY_MAX_CHARS } from '../bounds';
import { RECALL_K_DEFAULT, RECALL_K_MAX, RECALL_K_MIN } from '../limits';
import { uuid } from '../shared/ids';
import { runId, runView } from '../shared/runs';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { boundedText } from '../shared/text';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

const benchmarkQuery = z.strictObject({
  query: boundedText(QUERY_MAX_CHARS),
  expected_ids: z
    .array(uuid)
    .min(1)
    .max(BENCHMARK_EXPECTED_IDS_MAX)
    .describe('Memories a good answer contains.'),
});

const input = z
  .strictObject({
    run_id: runId.optional().describe('Read this run instead of starting one.'),
    queries: z
      .array(benchmarkQuery)
      .min(1)
      .max(BENCHMARK_QUERIES_MAX)
      .optional()
      .describe('Your own test set. Default: queries generated from a sample of your memories.'),
    k: z
      .int()
      .min(RECALL_K_MIN)
      .max(RECALL_K_MAX)
      .optional()
      .describe(`Default ${RECALL_K_DEFAULT}.`),
    ...targetFields,
    ...threadField,
  })
  .superRefine((value, ctx) => {
    refineSingleTarget(value, ctx);
    const startOptions = [value.queries, value.k, value.scope, value.project_hint];
    if (value.run_id !== undefined && startOptions.some((option) => option !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['run_id'],
        message: 'run_id reads a run; pass no start options with it',
      });
    }
  });

const output = z.object({
  run: runView,
  result: z
    .object({
      queries: z.int().min(0),
      k: z.int().min(RECALL_K_MIN).max(RECALL_K_MAX),
      recall_at_k: z.number().min(0).max(1),
      mrr: z.number().min(0).max(1).describe('Mean reciprocal rank of the first expected memory.'),
      latency_ms: z.object({
        p50: z.number().min(0),
        p95: z.number().min(0),
        max: z.number().min(0),
      }),
    })
    .nullable()
    .describe('null until the run has succeeded.'),
});

export const benchmarkMemoryTool = defineTool({
  name: 'benchmark_memory',
  title: 'Benchmark memory',
  description: describe(
    'Measure how well and how fast recall finds your memories: recall@k, mean reciprocal rank and latency percentiles. Start a run with your own queries and the memory ids each should find, or let the service generate queries from a sample of your memories. The answer comes at once with the run id and status; the run continues in the background. Call again with run_id to read the result once status is succeeded.',
    'Use it after large imports or cleanups, or when recall seems to miss things. It reads memories only and changes none.',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
});
