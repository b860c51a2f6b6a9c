#!/usr/bin/env node
// Starts the `svc` CLI from any working directory: the bundled build when it matches the sources
// (`pnpm build`; about 2 s sooner to its first answer), else the sources through tsx.
// `svc connect` prints `<absolute node> <this file> stdio` for MCP clients that start the server themselves:
// no pnpm (corepack may be missing outside the checkout) and no PATH lookup (GUI clients start with a bare PATH).
import { builtEntry } from './built.mjs';

const built = builtEntry();
if (built) {
  // Stack traces in logs name the sources' files and lines, as they do when run through tsx.
  process.setSourceMapsEnabled(true);
  await import(built);
} else {
  await import('tsx');
  await import('../src/cli.ts');
}
