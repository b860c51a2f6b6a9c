// Copies a text to the clipboard and says so where screen readers hear it; without a clipboard, selects it for the person.
'use client';
import { useState } from 'react';

export function CopyButton({ text, label, targetId }: { text: string; label: string; targetId?: string }) {
  const [said, setSaid] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the text so Ctrl+C works.
      const target = targetId ? document.getElementById(targetId) : null;
      if (target) window.getSelection()?.selectAllChildren(target);
      setSaid('Copying was refused by the browser; the text is selected, press Ctrl+C.');
    }
  }
  return (
    <span className="copy">
      <button type="button" className="secondary" onClick={copy}>
        {label}
      </button>
      <span role="status" aria-live="polite" className="muted">
        {said}
      </span>
    </span>
  );
}
