// The memory states the pages filter and show: live, open loop, superseded and retired (forgotten).
import type { MemoryRow } from '../../lib/api/data-pages';

export const STATE_CHOICES = [
  ['live', 'Live'],
  ['open_loop', 'Open loops'],
  ['superseded', 'Superseded'],
  ['retired', 'Forgotten'],
  ['all', 'All'],
] as const;

export function stateLabel(memory: Pick<MemoryRow, 'status' | 'loop_state'>): string {
  if (memory.status === 'retired') return 'forgotten';
  if (memory.status === 'superseded') return 'superseded';
  if (memory.loop_state === 'open') return 'open loop';
  if (memory.loop_state === 'closed') return 'loop closed';
  return 'live';
}
