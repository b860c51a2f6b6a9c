// The page a browser gets when the proxy cannot let it in: the memory server unreachable, or too many requests.
// Plain HTML with its styles inline: the stylesheet lives behind the same proxy and may not load. No
// automatic reload: a page that refreshes on its own takes control away from people using assistive technology.

export interface OutageText {
  title: string;
  body: string;
  /** Seconds worth waiting before trying again (the same as Retry-After). */
  retryAfter: number;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function outageHtml({ title, body, retryAfter }: OutageText): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Memory service</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>
body{margin:0;background:#f6f7f9;color:#1d2430;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5}
main{max-width:34rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #d9dde3;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 1rem}
p.muted{color:#5b6472}
a{color:#1f5fbf}
:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
<p>${esc(body)}</p>
<p class="muted">Wait ${retryAfter} seconds, then <a href="">reload the page</a>.</p>
</main>
</body>
</html>
`;
}
