// The signed-in pages' navigation bar, with sign-out as a same-origin form post.
const LINKS = [
  ['/memories', 'Memories'],
  ['/rules', 'Rules'],
  ['/projects', 'Projects'],
  ['/boards', 'Boards'],
  ['/usage', 'Usage'],
  ['/settings', 'Settings'],
] as const;

export function Nav({ current }: { current?: string }) {
  return (
    <nav className="nav" aria-label="Main">
      <a className="brand" href="/memories">
        Memory service
      </a>
      {LINKS.map(([href, label]) => (
        <a key={href} href={href} aria-current={current === href ? 'page' : undefined}>
          {label}
        </a>
      ))}
      <form method="post" action="/logout">
        <button type="submit" className="link">
          Sign out
        </button>
      </form>
    </nav>
  );
}
