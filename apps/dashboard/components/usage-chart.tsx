// A server-rendered line chart of calls per day, one line per tool: plain SVG, no script, a table beside it for screen readers.
import type { UsageReport } from '../lib/api/data-pages';

/** Distinguishable and at least 3:1 against white (WCAG non-text contrast). */
const COLOURS = ['#1f5fbf', '#b3261e', '#1e7a3c', '#8a4b00', '#6b3fa0', '#00677f', '#a3005c', '#4d5560'];
const SHOWN_TOOLS = COLOURS.length - 1;
const W = 720;
const H = 240;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };

interface Series {
  tool: string;
  calls: number[];
}

/** The busiest tools get a line each; the rest are summed into one, so the chart stays readable. */
function seriesOf(report: UsageReport): Series[] {
  const busiest = [...report.daily_by_tool].sort((a, b) => sum(b.calls) - sum(a.calls));
  const shown = busiest.slice(0, SHOWN_TOOLS);
  const rest = busiest.slice(SHOWN_TOOLS);
  if (rest.length === 0) return shown;
  return [...shown, { tool: `${rest.length} other tools`, calls: report.daily.map((_, i) => sum(rest.map((r) => r.calls[i] ?? 0))) }];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A round top for the y axis: 1, 2, 5 × 10ⁿ. */
function niceMax(n: number): number {
  if (n <= 4) return 4;
  const p = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= n) ?? n;
}

export function UsageChart({ report }: { report: UsageReport }) {
  const series = seriesOf(report);
  const days = report.daily.map((d) => d.date);
  const top = niceMax(Math.max(0, ...series.flatMap((s) => s.calls)));
  const x = (i: number) => PAD.left + (days.length <= 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (days.length - 1));
  const y = (v: number) => H - PAD.bottom - (v * (H - PAD.top - PAD.bottom)) / top;
  const ticks = [0, top / 2, top];
  // Weekly labels, and the last day's; a weekly one too close to it would print over it.
  const last = days.length - 1;
  const labelled = days.map((d, i) => ({ d, i })).filter(({ i }) => i === last || (i % 7 === 0 && last - i >= 4));
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="usage-chart-title usage-chart-desc" data-testid="usage-chart">
        <title id="usage-chart-title">Tool calls per day, by tool</title>
        <desc id="usage-chart-desc">
          {series.length === 0
            ? `No tool calls in the last ${report.days} days.`
            : `${series.map((s) => `${s.tool}: ${sum(s.calls)}`).join('; ')} calls over ${report.days} days, from ${days[0]} to ${days.at(-1)}.`}
        </desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#d9dde3" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#5b6472">
              {t}
            </text>
          </g>
        ))}
        {labelled.map(({ d, i }) => (
          <text key={d} x={x(i)} y={H - 8} textAnchor="middle" fontSize="11" fill="#5b6472">
            {d.slice(5)}
          </text>
        ))}
        {series.map((s, n) => (
          <polyline
            key={s.tool}
            points={s.calls.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
            fill="none"
            stroke={COLOURS[n % COLOURS.length]}
            strokeWidth="2"
            data-tool={s.tool}
          />
        ))}
      </svg>
      <figcaption>
        <ul className="legend">
          {series.map((s, n) => (
            <li key={s.tool}>
              <span className="swatch" style={{ background: COLOURS[n % COLOURS.length] }} aria-hidden="true" />
              {s.tool} ({sum(s.calls)})
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
