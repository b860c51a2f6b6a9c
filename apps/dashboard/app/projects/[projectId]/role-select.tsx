// A labelled choice of project role, with what each role may do.
export const ROLE_HELP = {
  owner: 'Owner: everything, including members and settings',
  writer: 'Writer: adds memories and cards, retires shared memories',
  reader: 'Reader: reads only',
} as const;

/**
 * The label is tied by id rather than wrapped around the select: a wrapping label would take the
 * selected option's text into the control's accessible name ("Role writer").
 */
export function RoleSelect(props: { id: string; name: string; label: string; value: string; hideLabel?: boolean }) {
  const select = (
    <select id={props.id} name={props.name} defaultValue={props.value} aria-label={props.hideLabel ? props.label : undefined}>
      {Object.entries(ROLE_HELP).map(([role, help]) => (
        <option key={role} value={role} title={help}>
          {role}
        </option>
      ))}
    </select>
  );
  if (props.hideLabel) return select;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {select}
    </div>
  );
}
