// `pnpm build` for the server: its TypeScript, and the workspace packages it imports, bundled into
// `dist/cli.js` (one ES module), so a start loads one file of ours and no TypeScript loader: `svc
// stdio` answered its first `tools/list` in about 3 s instead of 4-6 through tsx. Dependencies stay
// where pnpm installed them, imported by path: one copy of each, loaded as Node loads it (native
// addons, files found beside their own modules). `bin/svc.mjs` runs the build only while every
// input is unchanged (bin/built.mjs).
import { build } from 'esbuild';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DIST_DIR, MANIFEST, stamp } from '../bin/built.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const lockfile = fileURLToPath(new URL('../../../pnpm-lock.yaml', import.meta.url));
const outdir = process.argv[2] ?? fileURLToPath(DIST_DIR);
const staging = `${outdir.replace(/\/$/, '')}.next-${process.pid}`;

/**
 * A path as the bundle's modules (all directly in `outdir`) reach it: relative, so the checkout can
 * move as a whole (an image copies it elsewhere) and the build still finds its files.
 */
const fromOutdir = (path) => {
  const rel = relative(outdir, path);
  return rel.startsWith('.') ? rel : `./${rel}`;
};

/** Packages of this workspace are bundled; every other bare import is a dependency. */
const isDependency = (specifier) =>
  !specifier.startsWith('@svc/') && !specifier.startsWith('node:');

const keepDependenciesInPlace = {
  name: 'dependencies-in-place',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || !isDependency(args.path)) return undefined;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (found.errors.length > 0) return undefined;
      return { path: fromOutdir(found.path), external: true };
    });
  },
};

/**
 * `new URL('./x', import.meta.url)` in a source names a file beside that source (a worker's entry,
 * the migrations, package.json): each source keeps its own URL, not the bundle's.
 */
const keepSourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromOutdir(args.path))}, import.meta.url).href`,
        ),
        loader: args.path.endsWith('.ts') ? 'ts' : 'js',
      };
    });
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/cli.ts'],
  outdir: staging,
  bundle: true,
  // One file: a server that started from it never imports a file of the build later, so a rebuild
  // while it runs cannot pull one away (the lazily imported modules are a few kilobytes).
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Resolve a dependency to the file Node itself would load: no bundler-only `module` condition or field.
  conditions: [],
  mainFields: ['main'],
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [keepDependenciesInPlace, keepSourceUrls],
});

// Dependencies are imported by their paths under node_modules/.pnpm, which the lockfile decides.
// Every path is recorded relative to `outdir`, as bin/built.mjs resolves it.
const inputs = [
  ...Object.keys(result.metafile.inputs).map((input) =>
    fileURLToPath(new URL(input, pathToFileURL(root))),
  ),
  lockfile,
];
const entry = Object.entries(result.metafile.outputs).find(
  ([, output]) => output.entryPoint === 'src/cli.ts',
)[0];
await writeFile(
  `${staging}/${MANIFEST}`,
  JSON.stringify({
    entry: entry.slice(entry.lastIndexOf('/') + 1),
    inputs: inputs.map((path) => [fromOutdir(path), ...stamp(path)]),
  }),
);
await rm(outdir, { recursive: true, force: true });
await rename(staging, outdir);
