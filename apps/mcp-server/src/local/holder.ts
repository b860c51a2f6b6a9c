// Holding the embedded data in a `svc stdio` process: open it, serve the local channel, let go when asked.
import type { ServerDeps } from '../deps';
import type { Env } from '../env';
import { closeRuntime, openRuntime } from '../runtime';
import { startLocalChannel, type LocalChannel } from './channel-server';

export interface Holder {
  deps: ServerDeps;
  readonly released: boolean;
  /** Ends the sessions served here (their bridges find the next holder) and closes the data. */
  release(): Promise<void>;
}

/** Serves every local stdio session, this process's own too, until a server takes over or the client leaves. */
export async function holdForStdio(env: Env): Promise<Holder> {
  const deps = await openRuntime(env, { forceStderr: true });
  let releasing: Promise<void> | undefined;
  const release = () =>
    (releasing ??= (async () => {
      await channel.close({ endSessions: true });
      await closeRuntime(deps);
      deps.logger.info('local_data_released', { dataDir: env.DATA_DIR });
    })());
  // Asked for only once this is assigned: the channel is what brings the request.
  const channel: LocalChannel = await startLocalChannel({ dataDir: env.DATA_DIR, deps, role: 'stdio', onHandover: release });
  return {
    deps,
    get released() {
      return releasing !== undefined;
    },
    release,
  };
}
