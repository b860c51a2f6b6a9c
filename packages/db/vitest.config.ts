// Vitest project of the db package: files share a worker so PGlite's WebAssembly compiles once per worker.
import { svcProject } from '@svc/vitest-config/project';

export default svcProject('db', { isolate: false });
