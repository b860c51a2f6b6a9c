// Renaming the project and setting the other names a project_hint finds it by (owners only).
'use client';
import { useActionState } from 'react';
import { saveSettings, type SettingsState } from './actions';

export function SettingsForm({ projectId, name, aliases }: { projectId: string; name: string; aliases: string[] }) {
  const [state, action, pending] = useActionState<SettingsState, FormData>(saveSettings, {});
  return (
    <form action={action} className="stack">
      <input type="hidden" name="project_id" value={projectId} />
      <label>
        <span>Name</span>
        <input type="text" name="name" defaultValue={name} required maxLength={200} />
      </label>
      <label>
        <span>Aliases (comma-separated; agents may name the project by any of them)</span>
        <input type="text" name="aliases" defaultValue={aliases.join(', ')} />
      </label>
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={pending}>
          Save
        </button>
      </div>
    </form>
  );
}
