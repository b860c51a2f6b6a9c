// The last resort when even the layout failed: its own document, styled inline since the stylesheet may be what broke.
'use client';

const box = {
  maxWidth: '34rem',
  margin: '4rem auto',
  padding: '2rem',
  background: '#fff',
  border: '1px solid #d9dde3',
  borderRadius: 8,
  fontFamily: 'system-ui, sans-serif',
  color: '#1d2430',
  lineHeight: 1.5,
} as const;

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ margin: 0, background: '#f6f7f9' }}>
        <main style={box}>
          <h1 style={{ fontSize: '1.5rem', marginTop: 0 }}>The dashboard could not start this page</h1>
          <p role="alert">Try again in a moment. If it keeps happening, the dashboard&apos;s log says why.</p>
          <button type="button" onClick={reset} style={{ font: 'inherit', padding: '0.5rem 1rem' }}>
            Try again
          </button>
          {error.digest ? <p style={{ color: '#5b6472' }}>Reference for the logs: {error.digest}</p> : null}
        </main>
      </body>
    </html>
  );
}
