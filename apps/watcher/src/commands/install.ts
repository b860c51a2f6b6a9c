// `install`: writes the user service that runs the daemon at login, and prints how to enable it.
import type { Command } from 'commander';
import { print } from './print';
import { readWatcherEnv } from '../env';
import { installService } from '../service/install';

/** From a checkout node runs with `--import tsx`; a service starts elsewhere, so the loader is named by its full URL. */
function absoluteLoaders(execArgv: readonly string[]): string[] {
  return execArgv.map((arg, i) =>
    execArgv[i - 1] === '--import' && !/^[./]|^file:/.test(arg) ? import.meta.resolve(arg) : arg,
  );
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerInstallCommand(program: Command): void {
  program
    .command('install')
    .description(
      'Write a systemd user unit (Linux) or a launchd agent (macOS) for `run`; enabling it is up to you',
    )
    .option(
      '--source <kind:path>',
      'transcript roots the service watches (repeatable; default: config.json, else Claude Code and Codex)',
      collect,
      [],
    )
    .action(async (opts: { source: string[] }) => {
      const env = readWatcherEnv();
      const installed = await installService(
        {
          node: process.execPath,
          nodeArgs: absoluteLoaders(process.execArgv),
          script: process.argv[1]!,
          args: opts.source.flatMap((s) => ['--source', s]),
          // Spelled out, so the service uses the same state and credentials whatever its environment.
          environment: {
            SVC_WATCHER_STATE_DIR: env.stateDir,
            SVC_WATCHER_CONFIG_DIR: env.configDir,
          },
        },
        env,
      );
      print(
        `Wrote ${installed.path}\nTo start it now and at every login:\n${installed.instructions}`,
      );
    });
}
