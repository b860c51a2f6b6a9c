// A server starting on embedded data that a `svc stdio` process holds asks it to let go, then opens it.
import { fail } from '@svc/errors';
import type { ServerDeps } from '../deps';
import type { Env } from '../env';
import { connectLocalChannel, requestHandover } from './channel-client';
import { isDataDirLocked, sleep } from './data-dir-locked';

/** The lock of a holder that just let go is free at once; a crashed one's goes stale after 10 s. */
const REOPEN_MS = 15_000;

export async function openTakingOver(env: Env, open: () => Promise<ServerDeps>): Promise<ServerDeps> {
  try {
    return await open();
  } catch (thrown) {
    if (!isDataDirLocked(thrown)) throw thrown;
    const channel = await connectLocalChannel(env.DATA_DIR);
    if (channel?.role === 'serve') {
      throw fail.conflict(`Another \`svc serve\` (pid ${channel.pid}) already serves ${env.DATA_DIR}`, { pid: channel.pid });
    }
    // Its agents' sessions go on through this server: their bridges reconnect and replay the handshake.
    if (channel) await requestHandover(channel);
    const deadline = Date.now() + REOPEN_MS;
    for (;;) {
      try {
        return await open();
      } catch (again) {
        if (!isDataDirLocked(again) || Date.now() > deadline) throw again;
        await sleep(250);
      }
    }
  }
}
