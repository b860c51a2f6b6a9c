// Prints a client's snippets for a person (titles, the text to paste, notes) or as JSON for scripts.
import type { Snippet } from './snippet';

export function renderText(label: string, snippets: readonly Snippet[]): string {
  const blocks = snippets.map((s) => {
    const notes = s.notes.map((n) => `  ${n}`).join('\n');
    return [`${label}, ${s.title}:`, '', s.text, ...(notes ? ['', notes] : [])].join('\n');
  });
  return `${blocks.join('\n\n\n')}\n`;
}

export function renderJson(client: string, snippets: readonly Snippet[]): string {
  return `${JSON.stringify({ client, snippets }, null, 2)}\n`;
}
