// The form that moves a card, with the statements the card tool may ask for; a refusal shows its reason here.
'use client';
import { useActionState } from 'react';
import { moveCard, type MoveState } from './actions';

const STATES = ['backlog', 'active', 'review', 'done', 'dropped'] as const;

export function MoveForm({ project, label, state }: { project: string; label: string; state: string }) {
  const [result, action, pending] = useActionState<MoveState, FormData>(moveCard, {});
  return (
    <form action={action} className="stack" aria-label={`Move ${label}`}>
      {result.error ? (
        <p className="error" role="alert" data-testid="move-refusal">
          {result.error}
        </p>
      ) : null}
      <input type="hidden" name="project" value={project} />
      <input type="hidden" name="label" value={label} />
      <label>
        <span>Move to</span>
        <select name="state" defaultValue={STATES.find((s) => s !== state)}>
          {STATES.filter((s) => s !== state).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <details>
        <summary>Statements a move may need</summary>
        <p className="muted">
          Into active, a card needs a branch or a reason it needs none; out of active with an open branch, the reason it did not land.
        </p>
        <label>
          <span>Why no branch is needed</span>
          <input type="text" name="no_branch" />
        </label>
        <label>
          <span>Why the open branch did not land</span>
          <input type="text" name="not_landed" />
        </label>
        <label>
          <span>Why this card relates to no other card</span>
          <input type="text" name="no_links" />
        </label>
      </details>
      <div>
        <button type="submit" disabled={pending}>
          {pending ? 'Moving…' : 'Move'}
        </button>
      </div>
    </form>
  );
}
