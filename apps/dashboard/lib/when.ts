// Dates on the settings pages: one readable UTC form, and "—" for never.
export function when(value: string | null | undefined): string {
  return value
    ? new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC'
    : '—';
}
