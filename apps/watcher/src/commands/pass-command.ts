// `once` and `run`: one pass, or passes for as long as the process lives.
import type { Command } from 'commander';
import { loadConfig } from '../config';
import { startDaemon } from '../daemon';
import { runPass } from '../pass/run-pass';
import { withStateLock } from '../state/state-lock';
import { commandContext } from './context';

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerPassCommands(program: Command): void {
  program
    .command('once')
    .description(
      'Ship what is new in every transcript, then exit (exit code 1 when the pass stopped on an error)',
    )
    .option(
      '--source <kind:path>',
      'a transcript root: claude-code:DIR, codex:DIR or a plain DIR (repeatable)',
      collect,
      [],
    )
    .action(async (opts: { source: string[] }) => {
      const ctx = await commandContext(opts.source);
      const state = await withStateLock(ctx.env.stateDir, () =>
        runPass({
          stateDir: ctx.env.stateDir,
          sources: ctx.sources,
          connect: ctx.connect,
          log: ctx.log,
        }),
      );
      if (state.lastPass?.error) process.exitCode = 1;
    });

  program
    .command('run')
    .description('Watch the transcripts and ship new lines within seconds (the daemon)')
    .option(
      '--source <kind:path>',
      'a transcript root: claude-code:DIR, codex:DIR or a plain DIR (repeatable)',
      collect,
      [],
    )
    .option('--interval <seconds>', 'seconds between safety passes (default: config.json, else 60)')
    .action(async (opts: { source: string[]; interval?: string }) => {
      const ctx = await commandContext(opts.source);
      const interval = Number(
        opts.interval ?? (await loadConfig(ctx.env.configDir)).interval ?? 60,
      );
      if (!Number.isInteger(interval) || interval < 1)
        throw new Error('--interval must be a whole number of seconds, at least 1');
      const daemon = await startDaemon({
        sources: ctx.sources,
        intervalMs: interval * 1000,
        debounceMs: 500,
        log: ctx.log,
        pass: async () => {
          const state = await withStateLock(ctx.env.stateDir, () =>
            runPass({
              stateDir: ctx.env.stateDir,
              sources: ctx.sources,
              connect: ctx.connect,
              log: ctx.log,
            }),
          );
          return !state.lastPass?.error;
        },
      });
      const stop = () => {
        ctx.log.info('stopping');
        void daemon.stop().then(() => process.exit(0));
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    });
}
