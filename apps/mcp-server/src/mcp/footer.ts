// The footer block of read and write results: session state where it applies, and for reads a reminder.
export const DURABLE_FACTS_REMINDER =
  'Reminder: store durable facts, decisions and preferences with remember as soon as you learn them.';

export function composeFooter(opts: { readOnly: boolean; sessionLine?: string }): string {
  const lines: string[] = [];
  if (opts.sessionLine) lines.push(opts.sessionLine);
  if (opts.readOnly) lines.push(DURABLE_FACTS_REMINDER);
  return lines.join('\n');
}
