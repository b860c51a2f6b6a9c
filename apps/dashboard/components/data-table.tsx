// A plain table of rows whose shape the page does not fix: columns from the first row's simple fields.
type Row = Record<string, unknown>;

function simple(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

export function DataTable({ rows, columns }: { rows: Row[]; columns?: string[] }) {
  const first = rows[0];
  if (!first) return <p className="muted">Nothing here yet.</p>;
  const cols = columns ?? Object.keys(first).filter((k) => simple(first[k]) && k !== 'id');
  return (
    <table>
      <thead>
        <tr>
          {cols.map((c) => (
            <th key={c} scope="col">
              {c.replaceAll('_', ' ')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={typeof row.id === 'string' ? row.id : i}>
            {cols.map((c) => (
              <td key={c}>{simple(row[c]) ? String(row[c] ?? '') : ''}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
