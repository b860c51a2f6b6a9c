// Public API of the watcher: the pieces the daemon is built from.
export { splitChunks } from './split-chunks';
