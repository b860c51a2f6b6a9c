// Landing page of the dashboard.
export default function Home() {
  return (
    <main>
      <h1>Memory service</h1>
      <p>The dashboard for your agents&apos; memory.</p>
    </main>
  );
}
