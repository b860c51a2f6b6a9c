// Recovery codes, shown once right after they are made: the server keeps only their hashes.
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="notice" role="status">
      <p>
        <strong>Your recovery codes.</strong> Each works once when you cannot use your app. Keep them somewhere
        safe: they are not shown again.
      </p>
      <ol className="codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <a href="/settings">Done</a>
    </div>
  );
}
