// Copies a text to the clipboard and says so; where the clipboard is refused, says to copy by hand.
'use client';
import { useState } from 'react';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState('');
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setSaid('Copied.'),
            () => setSaid('Copying was refused; select the link and copy it.'),
          )
        }
      >
        {label}
      </button>
      <span role="status" aria-live="polite" className="muted">
        {said}
      </span>
    </>
  );
}
