// Packs the bundled watcher as a tarball that `npm install -g` takes: one file, no dependencies, no repository.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const stage = `${root}/dist/package`;
const version = /WATCHER_VERSION = '([^']+)'/.exec(
  await readFile(`${root}/src/version.ts`, 'utf8'),
)?.[1];
if (!version) throw new Error('no WATCHER_VERSION in src/version.ts');

await rm(stage, { recursive: true, force: true });
await mkdir(stage, { recursive: true });
await copyFile(`${root}/dist/svc-watcher.mjs`, `${stage}/svc-watcher.mjs`);
await copyFile(`${root}/dist/svc-watcher.mjs.LEGAL.txt`, `${stage}/LICENSES.txt`).catch(
  () => undefined,
);
await writeFile(
  `${stage}/package.json`,
  `${JSON.stringify(
    {
      name: 'svc-watcher',
      version,
      description:
        'Ships AI agent transcripts (Claude Code, Codex CLI, plain files) to the memory service',
      type: 'module',
      bin: { 'svc-watcher': 'svc-watcher.mjs' },
      files: ['svc-watcher.mjs', 'LICENSES.txt', 'README.md'],
      engines: { node: '>=22.12' },
    },
    null,
    2,
  )}\n`,
);
await writeFile(
  `${stage}/README.md`,
  '# svc-watcher\n\nShips Claude Code, Codex CLI and plain transcripts to the memory service.\n\n' +
    '    svc-watcher login --server URL --token TOKEN\n    svc-watcher once\n    svc-watcher run\n    svc-watcher status\n    svc-watcher install\n',
);
const name = execFileSync('npm', ['pack', '--pack-destination', `${root}/dist`], {
  cwd: stage,
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .at(-1);
process.stdout.write(`${root}/dist/${name}\n`);
