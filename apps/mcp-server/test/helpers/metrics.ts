// Reads counters from a /metrics scrape, so tests compare values before and after an action.
export async function scrape(url: string): Promise<string> {
  const res = await fetch(`${url}/metrics`);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  return res.text();
}

/** The value of one series, e.g. `http_requests_total{status="200"}`; an absent series is 0. */
export function sample(text: string, series: string): number {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return 0;
}
