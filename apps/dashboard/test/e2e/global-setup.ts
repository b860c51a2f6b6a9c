// Vitest global setup of the dashboard project: build once, start one stack, hand its addresses to the tests.
import type { TestProject } from 'vitest/node';
import { buildDashboard } from './build';
import { APP_DIR, E2E_USERS, NEXT_BIN, startStack, type StackInfo } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: StackInfo | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // SVC_E2E=0 runs only the unit tests, without a build, a server or a browser.
  if (process.env.SVC_E2E === '0') {
    project.provide('e2e', null);
    return;
  }
  const started = Date.now();
  const stack = await startStack(Object.values(E2E_USERS), buildDashboard(APP_DIR, NEXT_BIN));
  console.log(`e2e stack ready in ${Date.now() - started} ms (dashboard ${stack.dashboardUrl}, server ${stack.serverUrl})`);
  const { close, ...info } = stack;
  project.provide('e2e', info);
  return close;
}
