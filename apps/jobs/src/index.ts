// Public API of the jobs app: its settings (the worker itself starts from main.ts).
export { parseWorkerEnv, type WorkerEnv } from './env';
