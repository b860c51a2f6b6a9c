// CSRF guard for form posts: the browser's Origin header must name the dashboard itself.
export function isSameOrigin(headers: Pick<Headers, 'get'>, dashboardOrigin: string): boolean {
  const origin = headers.get('origin');
  return origin !== null && origin === dashboardOrigin;
}
