// The shared lint rule svc/no-import-cycle on files of its own: it names a cycle, type-only ones too, and passes a tree.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error The rule is plain JavaScript without type declarations, like the rest of the ESLint preset.
import { noImportCycle } from '../../../tooling/eslint/no-import-cycle.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-no-cycle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Written as plain JavaScript module syntax in .ts files, so ESLint's default parser reads them. */
const files: Record<string, string> = {
  'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'b.ts': "import { c } from './c';\nexport const b = c;\n",
  'c.ts': "export { a } from './a';\nexport const c = 1;\n",
  'leaf.ts': 'export const leaf = 1;\n',
  'tree.ts': "import { leaf } from './leaf';\nimport { readFileSync } from 'node:fs';\nexport const tree = [leaf, readFileSync];\n",
  'lazy.ts': "export const lazy = () => import('./lazy-back');\n",
  'lazy-back.ts': "import { lazy } from './lazy';\nexport const back = lazy;\n",
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);

async function problems(file: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        plugins: { svc: { rules: { 'no-import-cycle': noImportCycle } } },
        rules: { 'svc/no-import-cycle': 'error' },
      },
    ],
  });
  const [result] = await eslint.lintFiles([join(dir, file)]);
  return (result?.messages ?? []).map((m) => `${m.line}: ${m.message}`);
}

describe('svc/no-import-cycle', () => {
  it('reports an import that leads back to its file, naming the chain', async () => {
    const found = await problems('a.ts');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^1: Import cycle: .*a\.ts → .*b\.ts → .*c\.ts → .*a\.ts\./);
  });

  it('reports a re-export that closes the cycle as well', async () => {
    expect(await problems('c.ts')).toEqual([expect.stringMatching(/^1: Import cycle: .*c\.ts → .*a\.ts → .*b\.ts → .*c\.ts/)]);
  });

  it('passes a file whose imports lead nowhere back, packages of the registry included', async () => {
    expect(await problems('tree.ts')).toEqual([]);
  });

  it('leaves a lazy import() alone, the deliberate way to reach a module late', async () => {
    expect(await problems('lazy-back.ts')).toEqual([]);
    expect(await problems('lazy.ts')).toEqual([]);
  });
});
