// One memory in the list, with the button that fits its state.
import type { MemoryItem } from '../../lib/api/data-schemas';
import { forgetMemory, restoreMemory } from './actions';

export function MemoryRow({ memory, back }: { memory: MemoryItem; back: string }) {
  const retired = memory.retired ?? memory.status === 'retired';
  return (
    <tr data-testid="memory-row">
      <td className={retired ? 'status-retired' : undefined}>{memory.content}</td>
      <td>{memory.kind ?? ''}</td>
      <td>{memory.status ?? 'active'}</td>
      <td>{memory.created_at ? memory.created_at.slice(0, 10) : ''}</td>
      <td>
        <form action={retired ? restoreMemory : forgetMemory}>
          <input type="hidden" name="id" value={memory.id} />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className="secondary">
            {retired ? 'Restore' : 'Forget'}
          </button>
        </form>
      </td>
    </tr>
  );
}
