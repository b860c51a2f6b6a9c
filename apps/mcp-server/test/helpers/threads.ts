// Threads of this process by niceness (Linux): how tests tell the model's threads from every other one.
import { readdirSync, readFileSync } from 'node:fs';

const nicenessOf = (stat: string) => Number(stat.split(') ')[1]!.split(' ')[16]);

/** Threads of this process running `increment` above the process's own niceness. */
export function threadsAtNicenessIncrement(increment: number): number {
  const base = nicenessOf(readFileSync('/proc/self/stat', 'utf8'));
  return readdirSync('/proc/self/task').filter((tid) => {
    try {
      return nicenessOf(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')) === base + increment;
    } catch {
      return false; // a thread that ended between the listing and the read
    }
  }).length;
}

/** Polls `check` every 20 ms until it holds; throws after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
