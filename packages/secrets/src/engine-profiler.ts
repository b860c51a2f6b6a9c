// secretlint's engine records performance marks for every rule on every scan, into Node's global
// performance timeline and an array of its own, and nothing ever clears them: in a server that scans
// every write, memory grows without bound (Node warns at a million marks). The guard never reads
// the profile, so the profiler is switched off once, before the first scan.
// @secretlint/profiler is not a direct dependency: it is resolved from @secretlint/core, so this is
// the very instance the engine marks through.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

interface Profiler {
  setEnabled(enabled: boolean): void;
}

export async function disableEngineProfiler(): Promise<void> {
  const fromCore = createRequire(createRequire(import.meta.url).resolve('@secretlint/core'));
  const path = fromCore.resolve('@secretlint/profiler');
  const { secretLintProfiler } = (await import(pathToFileURL(path).href)) as { secretLintProfiler: Profiler };
  secretLintProfiler.setEnabled(false);
}
