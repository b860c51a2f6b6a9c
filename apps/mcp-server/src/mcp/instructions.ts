// The connect-time instructions: how to use the service (the router text), then the caller's rules.
export const ROUTER_TEXT = [
  'This server is your persistent memory. Before starting work, call build_context with the task to receive standing rules, open loops and relevant memories.',
  'Store durable facts, decisions and preferences with remember as soon as you learn them; use recall to look things up before asking the person again.',
  'Pass the thread token from earlier results back on later calls so the attached project survives a reconnect.',
].join('\n');

export function composeInstructions(): string {
  return ROUTER_TEXT;
}
