// One conflict the memory is part of: both sides, what they disagree on, and the ways to settle it.
import type { ConflictItem } from '../../../lib/api/data-pages';
import { resolveConflict } from './actions';

function Side({ name, memory, here }: { name: string; memory: ConflictItem['a']; here: string }) {
  return (
    <div className="side">
      <h4>{name}</h4>
      {memory.id === here ? <p>{memory.content}</p> : <a href={`/memories/${memory.id}`}>{memory.content}</a>}
      <p className="muted">
        {memory.created_at?.slice(0, 10)} · {memory.status}
      </p>
    </div>
  );
}

export function ConflictPanel({ conflict, memoryId }: { conflict: ConflictItem; memoryId: string }) {
  const open = conflict.status === 'open';
  return (
    <section className="panel" aria-label={`Conflict: ${conflict.kind}`} data-testid="conflict">
      <h3>
        A {conflict.kind} · {open ? 'open' : conflict.status}
      </h3>
      {conflict.explanation ? <p>{conflict.explanation}</p> : null}
      <div className="sides">
        <Side name="A" memory={conflict.a} here={memoryId} />
        <Side name="B" memory={conflict.b} here={memoryId} />
      </div>
      {open ? (
        <form action={resolveConflict} className="stack">
          <input type="hidden" name="memory" value={memoryId} />
          <input type="hidden" name="conflict" value={conflict.id} />
          <div className="row">
            <button type="submit" name="keep" value="a" className="secondary">
              Keep A
            </button>
            <button type="submit" name="keep" value="b" className="secondary">
              Keep B
            </button>
            <button type="submit" name="keep" value="both" className="secondary">
              Keep both
            </button>
          </div>
          <label>
            <span>Or merge them into one text</span>
            <textarea name="merged" rows={2} />
          </label>
          <div>
            <button type="submit" name="keep" value="merge" className="secondary">
              Merge
            </button>
          </div>
          <p className="muted">Keeping one side marks the other superseded; you can restore it later.</p>
        </form>
      ) : (
        <p className="muted">
          Settled {conflict.resolved_at?.slice(0, 10)}
          {conflict.resolution ? `: ${conflict.resolution}` : ''}.
        </p>
      )}
    </section>
  );
}
