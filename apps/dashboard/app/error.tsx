// A page that failed while rendering: what happened in words, a retry, and the request's digest for the logs.
'use client';

export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="outage" id="main">
      <h1>This page could not be shown</h1>
      <p role="alert">
        Something went wrong while preparing it. It is often the memory server being restarted: try again in a
        moment.
      </p>
      <div className="row">
        <button type="button" onClick={reset}>
          Try again
        </button>
        <a href="/memories">Go to your memories</a>
      </div>
      {error.digest ? <p className="code">Reference for the logs: {error.digest}</p> : null}
    </main>
  );
}
