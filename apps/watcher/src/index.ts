// Public API of the watcher: the pieces the daemon is built from, for tests and tools.
export { splitChunks } from './chunking/split-chunks';
export { planChunks, CONTINUED, CONTINUES } from './chunking/plan-chunks';
export { runPass, newRunId } from './pass/run-pass';
export { readLines } from './sources/read-lines';
