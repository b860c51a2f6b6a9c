// Dates on the projects pages: day and time in UTC, the same for every reader of a shared project.
export function when(value: string): string {
  return new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}

export function day(value: string): string {
  return new Date(value).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
}
