// Bundles the watcher into one file with every dependency inside, so it installs without this repository.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

await build({
  entryPoints: [`${root}/src/cli.ts`],
  outfile: `${root}/dist/svc-watcher.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  legalComments: 'linked',
  // Some dependencies are CommonJS and call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
