// `pnpm --filter @svc/bench locomo [--driver mcp|mcp-inprocess|direct] [--paths structured,plain,ingest] [--ablation] [--conversations conv-26,…]`
import { parseArgs } from 'node:util';
import { createEmbedder } from '@svc/embeddings';
import { quietLogger } from '../shared/quiet-logger';
import { ABLATION, TIME_TUNING, WITHOUT_NEIGHBOUR_SIGNALS } from './ablation';
import { DEFAULT_DATA_PATH, loadLocomo } from './data';
import { openDirectDriver } from './direct-driver';
import type { MemoryDriver } from './driver';
import { ingestTable } from './ingest-comparison';
import { openMcpDriver, type InputPath } from './mcp-driver';
import { modelChoices, modelTables } from './models';
import { comparisonTable, fmt, type RecallTable } from './metrics';
import { askAll, plainBm25Table } from './run';
import { vectorBaselineTable } from './vector-baseline';

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'mcp' },
    ablation: { type: 'boolean', default: false },
    /** With --ablation: the time-signal variants instead of the ladder. */
    tune: { type: 'boolean', default: false },
    /** Leaves out the vector baseline (it embeds every turn in process: minutes on 2 cores). */
    'skip-vector': { type: 'boolean', default: false },
    /** Embedding models compared on the structured path: ONNX directories (comma-separated; only those on disk) and an endpoint. */
    'onnx-dirs': { type: 'string', default: process.env.EMBEDDINGS_MODEL_DIR ?? '' },
    'embeddings-url': { type: 'string' },
    'embeddings-model': { type: 'string', default: 'text-embedding-3-small' },
    'skip-models': { type: 'boolean', default: false },
    /** Input paths, each beside BM25: structured fields, plain content, transcripts (ingest_conversation). */
    paths: { type: 'string', default: 'structured,plain,ingest' },
    /** The old spelling of `--paths structured,ingest`. */
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
const embedder = createEmbedder({ provider: 'use' })!; // provider "use" always yields one
async function openDriver(name: string, path: InputPath = 'structured'): Promise<MemoryDriver> {
  if (name === 'direct') return openDirectDriver(embedder, logger);
  if (name === 'mcp') return openMcpDriver(conversations, undefined, path);
  if (name === 'mcp-inprocess') return openMcpDriver(conversations, { embedder, logger }, path);
  throw new Error(`unknown driver ${name}: use mcp, mcp-inprocess or direct`);
}
const paths = new Set(values.paths.split(','));
if (values.ingest) paths.add('ingest');
const driver = await openDriver(values.driver);

/** Loads every conversation through a driver and asks every question through `recall`. */
async function measure(through: MemoryDriver) {
  for (const conversation of conversations) {
    await through.load(conversation);
    log(`[${seconds()}s] loaded ${conversation.id} (${conversation.turns.length} turns) via ${through.name}`);
  }
  const table = await askAll(through, conversations, { mode: 'hybrid' });
  log(`[${seconds()}s] recall asked via ${through.name}`);
  return table;
}

try {
  const bm25 = plainBm25Table(conversations);
  const systems: Array<{ name: string; table: RecallTable }> = [];
  const service = paths.has('structured') || values.ablation ? await measure(driver) : null;
  if (service) systems.push({ name: 'structured', table: service });
  if (paths.has('plain')) {
    if (driver.name === 'direct') throw new Error('the plain path goes through remember: use an mcp driver');
    const plain = await openDriver(values.driver, 'plain');
    try {
      systems.push({ name: 'plain', table: await measure(plain) });
    } finally {
      await plain.close();
    }
  }
  if (paths.has('ingest')) {
    const ingest = await ingestTable(conversations, { embedder, logger, log });
    systems.push({ name: 'ingest', table: ingest });
  }
  const vectors = values['skip-vector']
    ? null
    : driver.name === 'direct'
      ? await askAll(driver, conversations, { mode: 'semantic', tuning: WITHOUT_NEIGHBOUR_SIGNALS })
      : await vectorBaselineTable(embedder, conversations);
  log(`[${seconds()}s] vector baseline asked`);
  const vectorNote =
    driver.name === 'direct' ? 'pgvector HNSW through the service' : 'exact cosine in process';
  console.log(
    `\n## LoCoMo recall@k through recall (${driver.name} driver, ${questionCount} questions; BM25 over the turn texts; vector = ${vectorNote})\n`,
  );
  const baselines = [{ name: 'BM25', table: bm25 }, ...(vectors ? [{ name: 'vector', table: vectors }] : [])];
  console.log(comparisonTable([...systems, ...baselines]));
  if (!values['skip-models']) {
    const choices = modelChoices({
      onnxDirs: values['onnx-dirs'].split(',').filter((d) => d.trim() !== ''),
      ...(values['embeddings-url'] && {
        endpoint: { url: values['embeddings-url'], model: values['embeddings-model'], apiKey: process.env.EMBEDDINGS_API_KEY },
      }),
    });
    console.log('\n## Embedding models (structured path, recall through MCP in process; overall)\n');
    console.log(await modelTables(conversations, choices, { logger, log }, service));
  }
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
    for (const variant of values.tune ? TIME_TUNING : ABLATION) {
      if (!service) throw new Error('--ablation needs the structured path');
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
  await embedder.close();
}
