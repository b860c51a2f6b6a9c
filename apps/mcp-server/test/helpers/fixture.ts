// One server on loopback with named users already connected through the SDK, set up around a test file.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll } from 'vitest';
import { startHarness, type Harness, type HarnessOptions } from './harness';
import { connect, newUserToken } from './mcp-client';

export interface Fixture<N extends string> {
  h: Harness;
  /** A connected client per name, acting as `<name>@example.com`. */
  users: Record<N, Client>;
  tokens: Record<N, string>;
}

/** Call at the top of a test file; the fields are filled before the first test runs. */
export function serverWithUsers<const N extends string>(names: readonly N[], opts: HarnessOptions = {}): Fixture<N> {
  const fx = { users: {}, tokens: {} } as Fixture<N>;
  beforeAll(async () => {
    fx.h = await startHarness(opts);
    for (const name of names) {
      fx.tokens[name] = (await newUserToken(fx.h.deps.database, `${name}@example.com`)).token;
      fx.users[name] = await connect(fx.h.url, fx.tokens[name]);
    }
  });
  afterAll(async () => {
    for (const client of Object.values<Client>(fx.users)) await client.close();
    await fx.h?.close();
  });
  return fx;
}
