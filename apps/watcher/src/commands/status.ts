// `status`: what the watcher reads, how far it got in each file, its last pass and its errors.
import type { Command } from 'commander';
import { print } from './print';
import { loadCredentials } from '../client/credentials';
import { readWatcherEnv } from '../env';
import { resolveSources } from '../config';
import { loadState, statePath } from '../state/state-store';

export function registerStatusCommand(program: Command): void {
  program
    .command('status')
    .description('Show sources, files and offsets, the last pass and errors')
    .option('--json', 'print the state as JSON')
    .action(async (opts: { json?: boolean }) => {
      const env = readWatcherEnv();
      const [credentials, sources, state] = await Promise.all([
        loadCredentials(env.configDir),
        resolveSources([], env.configDir, env.home),
        loadState(env.stateDir),
      ]);
      const server = credentials?.server ?? null;
      if (opts.json) {
        print(JSON.stringify({ server, sources, state }, null, 2));
        return;
      }
      const lines = [
        `server: ${server ?? 'not logged in'}`,
        `state: ${statePath(env.stateDir)}`,
        'sources:',
      ];
      for (const s of sources) lines.push(`  ${s.kind} ${s.root}`);
      const pass = state.lastPass;
      lines.push(
        pass
          ? `last pass: ${pass.runId} at ${pass.startedAt}, ${pass.sent} sent, ${pass.refused} refused${pass.error ? `, stopped: ${pass.error}` : ''}`
          : 'last pass: none yet',
      );
      lines.push(`files: ${Object.keys(state.files).length}`);
      for (const [path, f] of Object.entries(state.files)) {
        const pending = f.plan ? `, ${f.plan.count - f.plan.acked} chunk(s) pending` : '';
        lines.push(
          `  ${path}\n    ${f.offset}/${f.identity.size} bytes, next sequence ${f.nextSequence}, ${f.sent} sent, ${f.refused} refused${pending}`,
        );
        if (f.lastError) lines.push(`    error: ${f.lastError}`);
      }
      print(lines.join('\n'));
    });
}
