// Recovery codes, shown once right after they are made (the server keeps only their hashes): copy or download them.
'use client';
import { CopyButton } from '../../components/copy-button';

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = codes.join('\n') + '\n';
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(
    `Recovery codes for the memory service. Each works once.\n\n${text}`,
  )}`;
  return (
    <div className="notice" role="status">
      <p>
        <strong>Your recovery codes.</strong> Each works once when you cannot use your app. Keep them somewhere
        safe: they are not shown again.
      </p>
      <ol className="codes" data-testid="recovery-codes" id="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="row">
        <CopyButton text={text} label="Copy the codes" targetId="recovery-codes" />
        <a className="button secondary" href={download} download="memory-service-recovery-codes.txt">
          Download as a text file
        </a>
        <a href="/settings">Done</a>
      </div>
    </div>
  );
}
