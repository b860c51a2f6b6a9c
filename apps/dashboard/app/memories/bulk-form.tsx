// The memories list's form, guarded against Enter on a tick box: the browser would submit it with the first button, the first row's Forget.
'use client';
import type { KeyboardEvent, ReactNode } from 'react';

/**
 * Enter on a checkbox submits its form through the form's first submit button (implicit
 * submission); here that is the Forget of whichever memory is listed first, not the one ticked.
 * Space ticks a box; Enter on one does nothing, and the bulk buttons are reached with Tab.
 */
function keepEnterOffTickBoxes(event: KeyboardEvent<HTMLFormElement>): void {
  const target = event.target;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type === 'checkbox') event.preventDefault();
}

export function BulkForm({ children }: { children: ReactNode }) {
  return (
    <form method="post" action="/memories/bulk" aria-label="Selected memories" onKeyDown={keepEnterOffTickBoxes}>
      {children}
    </form>
  );
}
