// Holds docs/contract to the code: ledger tables word for word, every chosen bound and tool recorded.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as bounds from './bounds';
import { BEHAVIOURAL_CHANGES, BREAKING_CHANGES, DEPRECATIONS } from './ledgers';
import { TOOL_NAMES } from './tools/index';
import { CONTRACT_VERSION } from './version';

const DOCS = new URL('../../../docs/contract/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, DOCS), 'utf8');

/** Rows of the first Markdown table whose header starts with `firstHeader`, as trimmed cells. */
function tableRows(markdown: string, firstHeader: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\| ${firstHeader} +\\|`).test(line));
  if (start < 0) throw new Error(`no table headed ${firstHeader}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    // Prettier pads cells to align the columns, so cells are split on the bars and trimmed.
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const code = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(', ');

describe('docs/contract stays in step with the code', () => {
  it('README names the current version', () => {
    expect(read('README.md')).toContain(`**${CONTRACT_VERSION}**`);
  });

  it('breaking-changes.md has exactly the ledger rows', () => {
    const rows = tableRows(read('breaking-changes.md'), 'Version');
    expect(rows).toEqual(
      BREAKING_CHANGES.map((row) => [row.version, row.change, code(row.surfaces)]),
    );
  });

  it('behavioural-changes.md has exactly the ledger rows', () => {
    const rows = tableRows(read('behavioural-changes.md'), 'Id');
    expect(rows).toEqual(BEHAVIOURAL_CHANGES.map((row) => [`\`${row.id}\``, row.area, row.change]));
  });

  it('deprecations.md says nothing is deprecated exactly when the ledger is empty', () => {
    const markdown = read('deprecations.md');
    const rows = tableRows(markdown, 'Surface');
    expect(rows).toEqual(
      DEPRECATIONS.map((row) => [
        `\`${row.surface}\``,
        row.deprecated_in,
        row.replacement,
        row.earliest_removal,
      ]),
    );
    expect(markdown.includes('**Nothing is deprecated.**')).toBe(DEPRECATIONS.length === 0);
  });

  it('decisions.md records every chosen bound and every tool', () => {
    const decisions = read('decisions.md');
    const missingBounds = Object.keys(bounds).filter(
      (name) => !decisions.includes(`\`${name}\``) && !decisions.includes(` ${name}\``),
    );
    expect(missingBounds).toEqual([]);
    const missingTools = TOOL_NAMES.filter(
      (name) => !new RegExp(`\\| \`${name}\` +\\|`).test(decisions),
    );
    expect(missingTools).toEqual([]);
  });
});
