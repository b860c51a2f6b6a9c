// Any address the dashboard does not have: said plainly, with the way back.
export const metadata = { title: 'Not found · Memory service' };

export default function NotFound() {
  return (
    <main className="outage" id="main">
      <h1>This page does not exist</h1>
      <p>The address may be mistyped, or what it showed was removed.</p>
      <p>
        <a href="/memories">Go to your memories</a> · <a href="/settings">Settings</a>
      </p>
    </main>
  );
}
