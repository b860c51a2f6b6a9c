// Shared per-workspace Vitest settings: timeouts sized for real databases and child processes.
// Plain JavaScript: Vitest loads config dependencies from node_modules without transforming them.
import { defineProject } from 'vitest/config';

/**
 * @param {string} name
 * @param {import('vitest/config').UserWorkspaceConfig['test']} [test]
 */
export function svcProject(name, test = {}) {
  return defineProject({ test: { name, testTimeout: 30_000, hookTimeout: 60_000, ...test } });
}
