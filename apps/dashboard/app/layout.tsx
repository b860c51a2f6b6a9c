// Root layout of the dashboard pages.
import type { ReactNode } from 'react';

export const metadata = { title: 'Memory service' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
