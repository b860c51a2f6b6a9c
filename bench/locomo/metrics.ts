// Recall@k of evidence turns per category and overall, and the table the run prints.

export const CUTOFFS = [1, 5, 10] as const;
export const CATEGORY_NAMES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
};

interface Tally {
  questions: number;
  hits: Record<(typeof CUTOFFS)[number], number>;
}

const emptyTally = (): Tally => ({ questions: 0, hits: { 1: 0, 5: 0, 10: 0 } });

/** A hit at k: at least one evidence turn among the first k results (the usual LoCoMo scoring). */
export class RecallTable {
  private readonly tallies = new Map<string, Tally>();

  add(category: number, evidence: readonly string[], ranked: readonly string[]): void {
    for (const key of [String(category), 'all']) {
      const tally = this.tallies.get(key) ?? emptyTally();
      tally.questions++;
      for (const k of CUTOFFS)
        if (ranked.slice(0, k).some((id) => evidence.includes(id))) tally.hits[k]++;
      this.tallies.set(key, tally);
    }
  }

  /** recall@k for a category ("1".."4") or "all". */
  recall(key: string, k: (typeof CUTOFFS)[number]): number {
    const tally = this.tallies.get(key);
    return tally && tally.questions > 0 ? tally.hits[k] / tally.questions : 0;
  }

  questions(key: string): number {
    return this.tallies.get(key)?.questions ?? 0;
  }
}

export const fmt = (x: number) => x.toFixed(3);

/** Markdown: one row per category and overall, one R@1/R@5/R@10 group per system. */
export function comparisonTable(
  systems: ReadonlyArray<{ name: string; table: RecallTable }>,
): string {
  const head = ['category', 'n', ...systems.flatMap((s) => CUTOFFS.map((k) => `${s.name} R@${k}`))];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const key of ['1', '2', '3', '4', 'all']) {
    const label = key === 'all' ? '**overall**' : `${key} ${CATEGORY_NAMES[Number(key)]}`;
    const n = systems[0]?.table.questions(key) ?? 0;
    const cells = systems.flatMap((s) => CUTOFFS.map((k) => fmt(s.table.recall(key, k))));
    lines.push(`| ${[label, String(n), ...cells].join(' | ')} |`);
  }
  return lines.join('\n');
}
