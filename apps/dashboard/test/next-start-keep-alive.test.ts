// Every way the dashboard is started passes a keep-alive above nginx's 60 s upstream pool: `next
// start` otherwise keeps Node's 5 s default, and nginx reusing a connection Next is closing answers 502.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

/** Every `next start` invocation in a file, as the argument list written there: an argument array
 *  (`[nextBin, 'start', …]`, a Dockerfile's exec form) or a shell command (a package.json script).
 *  Prose naming `next start` in backticks is not an invocation. */
function nextStarts(text: string): string[] {
  const arrays = text.matchAll(/(?:next|nextBin|NEXT_BIN)["']?\s*,\s*["']start["'][^\n\]]*/g);
  const commands = text.matchAll(/\bnext start(?!`)[^\n"]*/g);
  return [...arrays, ...commands].map(([line]) => line.replace(/["',]/g, ' ').replace(/\s+/g, ' '));
}

describe('next start keep-alive', () => {
  it.each([
    'docker/dashboard.Dockerfile',
    'tooling/scripts/start.mjs',
    'apps/dashboard/package.json',
    'apps/dashboard/test/e2e/stack.ts',
    'apps/dashboard/test/e2e/first-run.test.ts',
  ])('%s starts Next with --keepAliveTimeout 65000', (path) => {
    const starts = nextStarts(read(path));
    expect(starts.length, path).toBeGreaterThan(0);
    for (const args of starts) expect(args).toMatch(/--keepAliveTimeout 65000\b/);
  });

  it('finds a start without it', () => {
    expect(nextStarts('CMD ["node_modules/.bin/next", "start", "-p", "3000"]')).toEqual([
      expect.not.stringMatching(/keepAliveTimeout/),
    ]);
  });
});
