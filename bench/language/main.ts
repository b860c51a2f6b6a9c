// Scores language detectors on the hand-written multilingual set: accuracy, English kept English, speed.
import { performance } from 'node:perf_hooks';
import { decideLanguage, proseOf } from '@svc/language';
import { candidates } from './candidates';
import { samples } from './samples';

const REPEAT = 50;
const foreign = samples.filter((s) => s.lang !== 'en');
const english = samples.filter((s) => s.lang === 'en');
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;

console.log(`${samples.length} texts: ${foreign.length} in ${new Set(foreign.map((s) => s.lang)).size} other languages, ${english.length} English or undecidable\n`);
console.log('| detector | raw accuracy | with the English-first rule | foreign told | English sent to translation | µs / text |');
console.log('|---|---|---|---|---|---|');
for (const [name, guess] of Object.entries(candidates)) {
  const raw = samples.filter((s) => (guess(proseOf(s.text)).language || 'en') === s.lang).length;
  const decided = samples.map((s) => ({ s, got: decideLanguage(s.text, guess) }));
  const right = decided.filter(({ s, got }) => got === s.lang).length;
  const told = decided.filter(({ s, got }) => s.lang !== 'en' && got === s.lang).length;
  const wrongEnglish = decided.filter(({ s, got }) => s.lang === 'en' && got !== 'en');
  const start = performance.now();
  for (let i = 0; i < REPEAT; i++) for (const s of samples) decideLanguage(s.text, guess);
  const us = ((performance.now() - start) * 1000) / (REPEAT * samples.length);
  console.log(`| ${name} | ${pct(raw, samples.length)} | ${pct(right, samples.length)} | ${told}/${foreign.length} | ${wrongEnglish.length}/${english.length} | ${us.toFixed(0)} |`);
  const misses = decided.filter(({ s, got }) => got !== s.lang).map(({ s, got }) => `${s.lang}→${got}: ${s.text}`);
  if (process.argv.includes('--misses')) console.log(misses.map((m) => `    ${m}`).join('\n'));
}
