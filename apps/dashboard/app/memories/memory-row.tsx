// One memory in the list: a box to tick for the bulk actions, its text linking to its page, and the button its state allows.
import type { MemoryRow as Row } from '../../lib/api/data-pages';
import { stateLabel } from './memory-state';

export function MemoryRow({ memory }: { memory: Row }) {
  const retired = memory.retired ?? memory.status === 'retired';
  const text = memory.content.length > 160 ? `${memory.content.slice(0, 159)}…` : memory.content;
  return (
    <tr data-testid="memory-row">
      <td>
        <input type="checkbox" name="ids" value={memory.id} aria-label={`Select: ${text}`} />
      </td>
      <td className={retired ? 'status-retired' : undefined}>
        <a href={`/memories/${memory.id}`}>{text}</a>
      </td>
      <td>{memory.kind ?? ''}</td>
      <td>{memory.language ?? ''}</td>
      <td>{stateLabel(memory)}</td>
      <td>{memory.project ? (memory.project.name ?? 'a project') : 'personal'}</td>
      <td>{memory.created_at ? memory.created_at.slice(0, 10) : ''}</td>
      <td>
        {/* The list's one form carries every row: the pressed button names its memory and what to do. */}
        <button type="submit" name="row" value={`${retired ? 'restore' : 'forget'}:${memory.id}`} className="secondary">
          {retired ? 'Restore' : 'Forget'}
        </button>
      </td>
    </tr>
  );
}
