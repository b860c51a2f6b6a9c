#!/usr/bin/env node
// Starts the `svc` CLI from any working directory: tsx and the CLI's source are found from this file's own location.
// `svc connect` prints `<absolute node> <this file> stdio` for MCP clients that start the server themselves:
// no pnpm (corepack may be missing outside the checkout) and no PATH lookup (GUI clients start with a bare PATH).
import 'tsx';

await import('../src/cli.ts');
