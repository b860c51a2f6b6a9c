// "Skip to the content": the first stop of the Tab key on every page, moving focus past the navigation into <main>.
'use client';

export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        // Pages do not all give <main> an id; focus it directly so the next Tab starts inside it.
        const main = document.querySelector('main');
        if (!main) return;
        event.preventDefault();
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus();
      }}
    >
      Skip to the content
    </a>
  );
}
