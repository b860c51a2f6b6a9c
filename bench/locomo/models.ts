// R@k of the structured path with each embedding model that is available here: the offline default,
// ONNX model directories on disk, and an OpenAI-compatible endpoint when one is named. Nothing is fetched.
import { existsSync } from 'node:fs';
import { createEmbedder, type EmbeddingsConfigInput } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import type { Conversation } from './data';
import { openMcpDriver } from './mcp-driver';
import { fmt, type RecallTable } from './metrics';
import { askAll } from './run';

export interface ModelChoice {
  name: string;
  config: EmbeddingsConfigInput;
  /** Why it is not measured (no directory on disk, no endpoint named); absent when it is. */
  unavailable?: string;
}

/**
 * ONNX directories are taken only when they exist (they are never downloaded). `query:` /
 * `passage:` prefixes suit the e5 family; bge and MiniLM models run without them.
 */
export function modelChoices(opts: { onnxDirs: readonly string[]; endpoint?: { url: string; model: string; apiKey?: string } }): ModelChoice[] {
  const choices: ModelChoice[] = [{ name: 'use (offline default)', config: { provider: 'use' } }];
  for (const dir of opts.onnxDirs) {
    const e5 = /e5/i.test(dir);
    choices.push({
      name: `onnx ${dir}`,
      config: { provider: 'onnx', modelDir: dir, ...(e5 && { queryPrefix: 'query: ', documentPrefix: 'passage: ' }) },
      ...(!existsSync(dir) && { unavailable: 'no model directory on disk' }),
    });
  }
  if (opts.endpoint) {
    choices.push({ name: `openai-compatible ${opts.endpoint.model}`, config: { provider: 'openai', ...opts.endpoint } });
  } else {
    choices.push({ name: 'openai-compatible endpoint', config: { provider: 'none' }, unavailable: 'no --embeddings-url given' });
  }
  return choices;
}

/** Each available model in a fresh in-process service of its own, through remember and recall. */
export async function modelTables(
  conversations: readonly Conversation[],
  choices: readonly ModelChoice[],
  parts: { logger: Logger; log: (line: string) => void },
  /** The offline default's figures from the same run (the structured path), not measured twice. */
  offlineDefault: RecallTable | null,
): Promise<string> {
  const lines = ['| model | R@1 | R@5 | R@10 | note |', '|---|---|---|---|---|'];
  for (const choice of choices) {
    if (choice.unavailable) {
      lines.push(`| ${choice.name} | | | | not measured: ${choice.unavailable} |`);
      continue;
    }
    if (choice.config.provider === 'use' && offlineDefault) {
      const t = offlineDefault;
      lines.push(`| ${choice.name} | ${fmt(t.recall('all', 1))} | ${fmt(t.recall('all', 5))} | ${fmt(t.recall('all', 10))} | the structured path above |`);
      continue;
    }
    const embedder = createEmbedder(choice.config)!;
    let table: RecallTable;
    try {
      const driver = await openMcpDriver(conversations, { embedder, logger: parts.logger });
      try {
        for (const c of conversations) await driver.load(c);
        table = await askAll(driver, conversations, { mode: 'hybrid' });
      } finally {
        await driver.close();
      }
    } finally {
      await embedder.close();
    }
    parts.log(`[models] ${choice.name}: R@5 ${fmt(table.recall('all', 5))}`);
    lines.push(`| ${choice.name} (${embedder.model}) | ${fmt(table.recall('all', 1))} | ${fmt(table.recall('all', 5))} | ${fmt(table.recall('all', 10))} | |`);
  }
  return lines.join('\n');
}
