// The dashboard's tests: unit tests beside the code, and browser tests against a built dashboard and a real server.
import { svcProject } from '@svc/vitest-config/project';

export default svcProject('dashboard', {
  // Builds the dashboard (when stale) and starts `svc serve` and `next start` once for every browser test file.
  globalSetup: ['test/e2e/global-setup.ts'],
  // A browser flow is many page loads, each a round trip through the dashboard and the server.
  testTimeout: 90_000,
  hookTimeout: 120_000,
});
