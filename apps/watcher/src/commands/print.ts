// A command's answer goes to stdout; logs go to stderr, so `status --json | jq` stays clean.
export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}
