// `pnpm --filter @svc/bench locomo [--driver mcp|mcp-inprocess|direct] [--ablation] [--ingest] [--conversations conv-26,…]`
import { parseArgs } from 'node:util';
import { createEmbedder } from '@svc/embeddings';
import { quietLogger } from '../shared/quiet-logger';
import { ABLATION } from './ablation';
import { DEFAULT_DATA_PATH, loadLocomo } from './data';
import { openDirectDriver } from './direct-driver';
import type { MemoryDriver } from './driver';
import { ingestComparison } from './ingest-comparison';
import { openMcpDriver } from './mcp-driver';
import { comparisonTable, fmt } from './metrics';
import { askAll, plainBm25Table } from './run';
import { vectorBaselineTable } from './vector-baseline';

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'mcp' },
    ablation: { type: 'boolean', default: false },
    ingest: { type: 'boolean', default: false },
    conversations: { type: 'string' },
    data: { type: 'string', default: DEFAULT_DATA_PATH },
  },
});

const log = (line: string) => process.stderr.write(`${line}\n`);
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

const wanted = values.conversations?.split(',');
const conversations = loadLocomo(values.data).filter((c) => !wanted || wanted.includes(c.id));
const questionCount = conversations.reduce((n, c) => n + c.questions.length, 0);
log(`LoCoMo: ${conversations.length} conversations, ${questionCount} questions of categories 1-4`);

const logger = quietLogger();
// The direct driver indexes with it; with the MCP driver it only serves the in-process vector baseline.
const embedder = createEmbedder({ provider: 'use' });
async function openDriver(name: string): Promise<MemoryDriver> {
  if (name === 'direct') return openDirectDriver(embedder, logger);
  if (name === 'mcp') return openMcpDriver(conversations);
  if (name === 'mcp-inprocess' && embedder)
    return openMcpDriver(conversations, { embedder, logger });
  throw new Error(`unknown driver ${name}: use mcp, mcp-inprocess or direct`);
}
const driver = await openDriver(values.driver);

try {
  for (const conversation of conversations) {
    await driver.load(conversation);
    log(
      `[${seconds()}s] loaded ${conversation.id} (${conversation.turns.length} turns) via ${driver.name}`,
    );
  }
  const bm25 = plainBm25Table(conversations);
  const service = await askAll(driver, conversations, { mode: 'hybrid' });
  log(`[${seconds()}s] recall asked`);
  const vectors =
    driver.name === 'direct' || !embedder
      ? await askAll(driver, conversations, { mode: 'semantic' })
      : await vectorBaselineTable(embedder, conversations);
  log(`[${seconds()}s] vector baseline asked`);
  const vectorNote =
    driver.name === 'direct' ? 'pgvector HNSW through the service' : 'exact cosine in process';
  console.log(
    `\n## LoCoMo recall@k (${driver.name} driver, ${questionCount} questions; vector = ${vectorNote})\n`,
  );
  console.log(
    comparisonTable([
      { name: 'recall', table: service },
      { name: 'BM25', table: bm25 },
      { name: 'vector', table: vectors },
    ]),
  );
  if (values.ingest && embedder) await ingestComparison(conversations, service, { embedder, logger, log });
  if (values.ablation) {
    if (driver.name !== 'direct')
      throw new Error('--ablation needs --driver direct (it overrides ranking constants)');
    console.log('\n## Ablation (overall R@1 / R@5 / R@10; R@5 per category)\n');
    console.log(
      '| step | R@1 | R@5 | R@10 | c1 R@5 | c2 R@5 | c3 R@5 | c4 R@5 |\n|---|---|---|---|---|---|---|---|',
    );
    console.log(
      `| plain BM25, in process (no stemming, no stopwords) | ${fmt(bm25.recall('all', 1))} | ${fmt(bm25.recall('all', 5))} | ${fmt(bm25.recall('all', 10))} | ${['1', '2', '3', '4'].map((c) => fmt(bm25.recall(c, 5))).join(' | ')} |`,
    );
    for (const variant of ABLATION) {
      const table = await askAll(driver, conversations, {
        mode: variant.mode,
        tuning: variant.tuning,
      });
      const perCategory = ['1', '2', '3', '4'].map((c) => fmt(table.recall(c, 5))).join(' | ');
      console.log(
        `| ${variant.name} | ${fmt(table.recall('all', 1))} | ${fmt(table.recall('all', 5))} | ${fmt(table.recall('all', 10))} | ${perCategory} |`,
      );
    }
  }
  log(`[${seconds()}s] done`);
} finally {
  await driver.close();
  await embedder?.close();
}
