// Intervals from the configuration as UTC cron expressions, the one schedule format the queue stores.

/**
 * Every n minutes. Cron counts from the top of the hour (or day), so an interval that does not divide
 * 60 (or 24 hours) runs on its multiples and once more at the turn; the gap is never longer than n.
 */
export function everyMinutes(n: number): string {
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`interval must be a whole number of minutes, got ${n}`);
  if (n < 60) return `*/${n} * * * *`;
  return everyHours(Math.floor(n / 60));
}

export function everyHours(n: number): string {
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`interval must be a whole number of hours, got ${n}`);
  if (n < 24) return `0 */${n} * * *`;
  const days = Math.floor(n / 24);
  return days === 1 ? '0 0 * * *' : `0 0 */${days} * *`;
}
