// Accessibility check of the page the browser shows: axe-core injected into it, serious and critical findings returned.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** The library's browser bundle, read once; injected as a script so it runs in the page itself. */
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source;

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** WCAG 2.1 A and AA rules plus axe's best practices; only serious and critical findings fail a test. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations as {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[] }[];
    }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.flatMap((n) => n.target.map(String)) }));
}
