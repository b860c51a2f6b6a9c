// Whether the consent page may let the server skip the screen: only when no other site sent the browser here.
/**
 * `none` is an address typed or opened by the person's own program; `same-origin` comes from the dashboard.
 * `same-site` covers the hop through the server's /oauth/authorize, which counts only when the page that
 * started it was the dashboard's (Referer). Without Fetch Metadata nothing proves where the browser came
 * from, so the screen is shown.
 */
export function allowsScreenless(headers: Pick<Headers, 'get'>, dashboardOrigin: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site === 'none' || site === 'same-origin') return true;
  if (site !== 'same-site') return false;
  return originOf(headers.get('referer')) === dashboardOrigin;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
