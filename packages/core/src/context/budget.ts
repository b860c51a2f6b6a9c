// Fits whole items into a token budget in priority order, counting what had to be left out.

/** About four characters a token for English text: close enough to stay under a client's cap. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Builds a section whose renderer is checked against its own item type. */
export function section<T>(name: string, heading: string, items: T[], render: (item: T) => string): BudgetSection<unknown> {
  return { name, heading, items, render: render as (item: unknown) => string };
}

export interface BudgetSection<T> {
  name: string;
  heading: string;
  items: T[];
  render(item: T): string;
}

export interface Fitted {
  text: string;
  tokens: number;
  /** Indices of the items kept, per section. */
  kept: Map<string, number[]>;
  dropped: { section: string; count: number }[];
}

/** Items are never cut: one that does not fit is dropped whole, and smaller later ones may still fit. */
export function fitSections(sections: BudgetSection<unknown>[], budget: number, preamble: string): Fitted {
  let tokens = estimateTokens(preamble);
  const parts = [preamble];
  const kept = new Map<string, number[]>();
  const dropped: Fitted['dropped'] = [];
  for (const section of sections) {
    if (section.items.length === 0) continue;
    const heading = `\n## ${section.heading}\n`;
    const lines: string[] = [];
    const indices: number[] = [];
    let droppedHere = 0;
    let cost = estimateTokens(heading);
    section.items.forEach((item, index) => {
      const line = `- ${section.render(item)}\n`;
      const lineCost = estimateTokens(line);
      if (tokens + cost + lineCost > budget) droppedHere++;
      else {
        lines.push(line);
        indices.push(index);
        cost += lineCost;
      }
    });
    if (lines.length > 0) {
      parts.push(heading, ...lines);
      tokens += cost;
    }
    kept.set(section.name, indices);
    if (droppedHere > 0) dropped.push({ section: section.name, count: droppedHere });
  }
  return { text: parts.join('').trimEnd(), tokens, kept, dropped };
}
