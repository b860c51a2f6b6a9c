// `svc stdio`: MCP over stdin/stdout for one local caller; stdout carries protocol frames only.
import type { Socket } from 'node:net';
import { isServiceError } from '@svc/errors';
import type { Env } from './env';
import { connectLocalChannel, openStdioSocket } from './local/channel-client';
import { isDataDirLocked, sleep } from './local/data-dir-locked';
import { holdForStdio, type Holder } from './local/holder';
import { isSharableDataDir } from './local/socket-path';
import { mayRepeat } from './local/repeatable-calls';
import { openStdioSession } from './local/stdio-session';
import { runStdioBridge } from './local/stdio-bridge';
import { closeRuntime, openRuntime } from './runtime';

/** Long enough for a killed holder's lock to go stale (10 s) and for a server to finish taking over. */
const FIND_HOLDER_MS = 30_000;
const RETRY_MS = 250;
/**
 * After losing its holder a bridge first waits for another to appear: a server that asked for the
 * data must get it, not the stdio sessions it just took over; only a holder that died is replaced.
 */
const TAKE_BACK_AFTER_MS = 5_000;

/**
 * A session of whoever holds the embedded data: a running server, another `svc stdio`, or else this
 * process, which then holds it and serves the others.
 */
async function connectToHolder(env: Env, state: { holder: Holder | null }, graceMs: number): Promise<Socket> {
  const mayHoldFrom = Date.now() + graceMs;
  const deadline = Date.now() + graceMs + FIND_HOLDER_MS;
  for (;;) {
    const channel = await connectLocalChannel(env.DATA_DIR);
    if (channel) {
      try {
        return await openStdioSocket(channel, env.SVC_TOKEN);
      } catch (thrown) {
        // A refusal (say, a bad token) is final; a connection lost mid-handover is not.
        if (isServiceError(thrown)) throw thrown;
      }
    } else if ((!state.holder || state.holder.released) && Date.now() >= mayHoldFrom) {
      try {
        state.holder = await holdForStdio(env);
        continue;
      } catch (thrown) {
        if (!isDataDirLocked(thrown) || Date.now() > deadline) throw thrown;
      }
    }
    if (Date.now() > deadline) throw new Error(`No process serves ${env.DATA_DIR}, and it stays locked`);
    await sleep(RETRY_MS);
  }
}

export async function serveStdio(env: Env): Promise<void> {
  if (env.DATABASE_URL || !isSharableDataDir(env.DATA_DIR)) {
    // A database server admits every process: this one opens it for itself.
    const deps = await openRuntime(env, { forceStderr: true });
    await openStdioSession({ deps, token: env.SVC_TOKEN, onClose: () => void closeRuntime(deps) });
    return;
  }
  const state: { holder: Holder | null } = { holder: null };
  let connections = 0;
  await runStdioBridge({
    input: process.stdin,
    output: process.stdout,
    connect: () => connectToHolder(env, state, connections++ === 0 ? 0 : TAKE_BACK_AFTER_MS),
    onReconnect: () => state.holder?.deps.logger.info('stdio_reconnecting'),
    mayRepeat,
  });
  // The client hung up; sessions of others served here move to the next holder.
  await state.holder?.release();
  process.exit(0);
}
