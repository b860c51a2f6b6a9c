// The secret guard against its corpus, side by side with secretlint's recommended preset alone in
// the same run: credentials refused (by family and by way of writing), benign texts refused, and
// scan time per 10 KB. `pnpm secrets [--seed S] [--chunks N]`.
import { parseArgs } from 'node:util';
import {
  benignCorpus,
  credentialCorpus,
  CREDENTIAL_KINDS,
  FORMAT_NAMES,
  locomoTurns,
} from '../../packages/secrets/src/corpus/index';
import { presetFindsSecret } from '../../packages/secrets/src/preset-baseline';
import { scanForSecrets } from '../../packages/secrets/src/scan';
import { timeAdversarial } from './adversarial';
import { timePer10k } from './timing';

const { values } = parseArgs({
  options: { seed: { type: 'string', default: 'bench' }, chunks: { type: 'string', default: '120' } },
});

type Scanner = (text: string) => Promise<boolean>;
const SCANNERS: Record<string, Scanner> = {
  guard: async (text) => (await scanForSecrets(text)).length > 0,
  'secretlint preset alone': presetFindsSecret,
};
const NAMES = Object.keys(SCANNERS);

const pct = (n: number, of: number) => (of === 0 ? '–' : `${((100 * n) / of).toFixed(1)}%`);
const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

async function tally<T>(items: readonly T[], text: (item: T) => string) {
  const hits: Record<string, boolean[]> = {};
  for (const name of NAMES) hits[name] = [];
  for (const item of items) {
    for (const name of NAMES) hits[name]?.push(await (SCANNERS[name] as Scanner)(text(item)));
  }
  return hits;
}

const seed = values.seed;
const cases = credentialCorpus(`bench/${seed}`);
const benign = benignCorpus(`bench/${seed}`);
const turns = locomoTurns() ?? [];

console.log(`# Secret guard benchmark (seed "${seed}")\n`);
console.log(`${CREDENTIAL_KINDS.length} credential kinds, ${cases.length} credential texts (${FORMAT_NAMES.join(', ')}); ${benign.length} benign texts; ${turns.length} LoCoMo dev turns${turns.length === 0 ? ' (data not found beside the project)' : ''}.\n`);

const credentialHits = await tally(cases, (c) => c.text);
const benignHits = await tally(benign, (b) => b.text);
const locomoHits = await tally(turns, (t) => t);
const count = (name: string, hits: Record<string, boolean[]>, keep: (i: number) => boolean = () => true) =>
  (hits[name] ?? []).filter((hit, i) => hit && keep(i)).length;

console.log(row(['', ...NAMES]));
console.log(row(['---', ...NAMES.map(() => '---')]));
console.log(row(['credentials refused', ...NAMES.map((n) => `${count(n, credentialHits)} / ${cases.length} (${pct(count(n, credentialHits), cases.length)})`)]));
console.log(row(['benign texts refused', ...NAMES.map((n) => `${count(n, benignHits)} / ${benign.length}`)]));
console.log(row(['LoCoMo dev turns refused', ...NAMES.map((n) => `${count(n, locomoHits)} / ${turns.length}`)]));

const timing = await timePer10k(SCANNERS, [...cases.map((c) => c.text), ...benign.map((b) => b.text), ...turns], Number(values.chunks));
console.log(row(['scan time per 10 KB, median', ...NAMES.map((n) => `${timing[n]?.median.toFixed(2)} ms`)]));
console.log(row(['scan time per 10 KB, p95', ...NAMES.map((n) => `${timing[n]?.p95.toFixed(2)} ms`)]));

console.log('\n## Credentials refused by family\n');
console.log(row(['family', 'kinds', 'texts', ...NAMES]));
console.log(row(['---', '---', '---', ...NAMES.map(() => '---')]));
for (const family of [...new Set(CREDENTIAL_KINDS.map((k) => k.family))]) {
  const inFamily = (i: number) => cases[i]?.kind.family === family;
  const n = cases.filter((c) => c.kind.family === family).length;
  const kinds = CREDENTIAL_KINDS.filter((k) => k.family === family).length;
  console.log(row([family, kinds, n, ...NAMES.map((name) => pct(count(name, credentialHits, inFamily), n))]));
}

console.log('\n## Credentials refused by way of writing\n');
console.log(row(['written as', 'texts', ...NAMES]));
console.log(row(['---', '---', ...NAMES.map(() => '---')]));
for (const format of FORMAT_NAMES) {
  const inFormat = (i: number) => cases[i]?.format === format;
  const n = cases.filter((c) => c.format === format).length;
  console.log(row([format, n, ...NAMES.map((name) => pct(count(name, credentialHits, inFormat), n))]));
}

const misses = cases.filter((_, i) => !credentialHits.guard?.[i]).map((c) => `${c.kind.id} (${c.format})`);
console.log(`\nGuard misses: ${misses.length === 0 ? 'none' : misses.join(', ')}`);
const falsePositives = benign.filter((_, i) => benignHits.guard?.[i]).map((b) => `${b.group}: ${b.text.slice(0, 60)}`);
const locomoFalse = turns.filter((_, i) => locomoHits.guard?.[i]);
console.log(`Guard refusals of benign texts: ${falsePositives.length + locomoFalse.length === 0 ? 'none' : [...falsePositives, ...locomoFalse].join('\n')}`);

console.log('\n## Worst cases: 16,000 characters built to make the patterns backtrack (median of 5)\n');
console.log(row(['input', ...NAMES]));
console.log(row(['---', ...NAMES.map(() => '---')]));
for (const { input, ms } of await timeAdversarial(SCANNERS)) {
  console.log(row([input, ...NAMES.map((n) => `${ms[n]?.toFixed(1)} ms`)]));
}
