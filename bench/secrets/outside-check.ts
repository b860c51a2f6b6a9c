// The guard over text it was not written against, as an outside check of false positives: every
// paragraph of this repository's documentation and non-test sources, and of the READMEs of the
// installed dependencies. Prints each finding (rule and paragraph opening) for a person to judge.
// `pnpm secrets:outside`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanForSecrets } from '../../packages/secrets/src/scan';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIP_DIR = /^(?:node_modules|\.git|\.next|\.turbo|dist|coverage|test-results|\.data|__fixtures__|corpus)$/;
const SOURCE = /\.(?:md|ts|tsx|mjs|js|json|ya?ml|sql|sh|Dockerfile|conf)$|Dockerfile$/;
const TEST = /\.test\.|\/test\/|\/e2e\//;

function* walk(dir: string, keep: (path: string) => boolean, skip = SKIP_DIR): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.test(entry.name)) yield* walk(path, keep, skip);
    } else if (entry.isFile() && keep(path)) yield path;
  }
}

/** READMEs of every installed package, once per package version (pnpm's store under .pnpm). */
function* dependencyReadmes(): Generator<string> {
  const store = join(ROOT, 'node_modules/.pnpm');
  for (const version of readdirSync(store)) {
    const modules = join(store, version, 'node_modules');
    let names: string[];
    try {
      names = readdirSync(modules);
    } catch {
      continue;
    }
    for (const name of names) {
      const dirs = name.startsWith('@') ? readdirSync(join(modules, name)).map((n) => join(modules, name, n)) : [join(modules, name)];
      for (const dir of dirs) {
        for (const file of ['README.md', 'readme.md', 'Readme.md']) {
          const path = join(dir, file);
          try {
            if (statSync(path).isFile()) yield path;
            break;
          } catch {
            // not this spelling
          }
        }
      }
    }
  }
}

async function check(label: string, files: Iterable<string>): Promise<void> {
  const seen = new Set<string>();
  let paragraphs = 0;
  let findings = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (seen.has(text)) continue;
    seen.add(text);
    for (const paragraph of text.split(/\n\s*\n/)) {
      if (paragraph.trim() === '' || paragraph.length > 16000) continue;
      paragraphs += 1;
      for (const finding of await scanForSecrets(paragraph)) {
        findings += 1;
        const shown = paragraph.slice(Math.max(0, finding.range[0] - 60), finding.range[0]).replace(/\s+/g, ' ');
        console.log(`${relative(ROOT, file)}: ${finding.ruleId}/${finding.messageId}: …${shown}[value]`);
      }
    }
  }
  console.log(`${label}: ${findings} findings in ${paragraphs} paragraphs\n`);
}

// The guard's own sources name every credential shape they look for (rule tables, comments).
const OWN = /packages\/secrets\/src\//;
await check('repository docs and non-test sources', walk(ROOT, (path) => SOURCE.test(path) && !TEST.test(path) && !OWN.test(path)));
await check('dependency READMEs', dependencyReadmes());
