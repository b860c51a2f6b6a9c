// Lint rule svc/no-import-cycle: an import that leads back to the importing file, across the whole repository.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * Resolution as the workspaces' tsconfig has it (bundler style, extensionless relative imports,
 * workspace packages through their `exports` to `src/`). TypeScript resolves symlinks, so an
 * import of `@svc/contract` lands on the real file under packages/ and joins the same graph.
 */
const options = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: false,
};
const host = ts.sys;
const resolutionCache = ts.createModuleResolutionCache(process.cwd(), (f) => f, options);

/** Only the repository's own TypeScript sources take part; packages from the registry cannot import us. */
function resolve(specifier, fromFile) {
  const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, host, resolutionCache);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport) return undefined;
  const file = resolvedModule.resolvedFileName;
  if (file.includes('/node_modules/') || file.endsWith('.d.ts')) return undefined;
  return file;
}

const edgeCache = new Map();

/**
 * Static imports and re-exports, type-only ones included: mutually dependent types are one
 * concern split in two files, which is what this rule is for. `import()` is left out, because a
 * lazy load is the deliberate way to reach a module that must not be loaded up front.
 */
function importsOf(file) {
  let edges = edgeCache.get(file);
  if (edges) return edges;
  edges = [];
  edgeCache.set(file, edges);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return edges;
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  for (const statement of source.statements) {
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    const target = resolve(spec.text, file);
    if (target) edges.push(target);
  }
  return edges;
}

/** The shortest chain of imports from `start` back to `goal`, or undefined when there is none. */
function pathBack(start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of importsOf(current)) {
      if (previous.has(next)) continue;
      previous.set(next, current);
      if (next === goal) {
        const chain = [next];
        for (let at = current; at !== undefined; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      queue.push(next);
    }
  }
  return undefined;
}

const shortName = (file) => file.replace(`${process.cwd()}/`, '');

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that lead back to the importing module' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{chain}}. Modules in a cycle load half-initialised and cannot be understood ' +
        'apart; move what both need into a module of its own, or pass it in.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolve(node.source.value, file);
      if (!target) return;
      const chain = target === file ? [file] : pathBack(target, file);
      if (!chain) return;
      context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain].map(shortName).join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
