// A labelled choice of project role, with what each role may do.
export const ROLE_HELP = {
  owner: 'Owner: everything, including members and settings',
  writer: 'Writer: adds memories and cards, retires shared memories',
  reader: 'Reader: reads only',
} as const;

export function RoleSelect({ name, label, value, hideLabel }: { name: string; label: string; value: string; hideLabel?: boolean }) {
  return (
    <label>
      <span className={hideLabel ? 'visually-hidden' : undefined}>{label}</span>
      <select name={name} defaultValue={value}>
        {Object.entries(ROLE_HELP).map(([role, help]) => (
          <option key={role} value={role} title={help}>
            {role}
          </option>
        ))}
      </select>
    </label>
  );
}
