// `tsx latency/embed-batches.ts [--texts 256]`: the offline model's time per text at each batch size, on
// short query-like texts, synthetic memories and LoCoMo's dev turns (when ../shared/data has them); then
// the whole list in one embed() call at the default batch (cut by length, as the service cuts lists).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createEmbedder } from '@svc/embeddings';
import { DEFAULT_DATA_PATH, loadLocomo } from '../locomo/data';
import { rng, SyntheticText } from './synthetic';

const { values } = parseArgs({ options: { texts: { type: 'string', default: '256' } } });
const count = Number(values.texts);
const text = new SyntheticText(rng(7));
const sets: Record<string, string[]> = {
  'query-like (4-8 words)': Array.from({ length: count }, () => text.sentence(4, 8)),
  'synthetic memories (8-24 words)': Array.from({ length: count }, () => text.sentence()),
};
if (existsSync(DEFAULT_DATA_PATH)) {
  // Turns of 20 to 400 characters, in the order the conversations give them.
  const turns = loadLocomo().flatMap((c) => c.turns.map((t) => t.text)).filter((t) => t.length >= 20 && t.length <= 400);
  sets['LoCoMo dev turns'] = turns.slice(0, count);
}
const sizes = [1, 2, 4, 8, 16, 32];
// In the calling thread, one model call per embed() (the largest batch fits in one, in the order given).
const model = createEmbedder({ provider: 'use', workerThreads: 0, batchSize: Math.max(...sizes), queryCacheSize: 0 })!;
// The provider's own batch: a longer list is cut into batches of similar lengths.
const lists = createEmbedder({ provider: 'use', workerThreads: 0, queryCacheSize: 0 })!;
await Promise.all([model.warm(), lists.warm()]);
try {
  console.log(`| texts | ${sizes.map((s) => `batch ${s}`).join(' | ')} | one call of all, default batch |`);
  console.log(`|---|${sizes.map(() => '---').join('|')}|---|`);
  for (const [name, texts] of Object.entries(sets)) {
    // Two passes, each batch size with its own suffix so no cache of any kind helps; the second is reported.
    let row: string[] = [];
    for (const pass of [1, 2]) {
      row = [];
      for (const size of sizes) {
        const started = performance.now();
        for (let i = 0; i < texts.length; i += size) {
          await model.embed(texts.slice(i, i + size).map((t) => `${t} p${pass}b${size}`), 'document');
        }
        row.push(((performance.now() - started) / texts.length).toFixed(1));
      }
      const started = performance.now();
      await lists.embed(texts.map((t) => `${t} p${pass}all`), 'document');
      row.push(((performance.now() - started) / texts.length).toFixed(1));
    }
    console.log(`| ${name} (ms a text) | ${row.join(' | ')} |`);
  }
} finally {
  await Promise.all([model.close(), lists.close()]);
}
