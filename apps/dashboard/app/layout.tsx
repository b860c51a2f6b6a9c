// Root layout of the dashboard pages: one stylesheet, no client framework.
import type { ReactNode } from 'react';
import './globals.css';

export const metadata = { title: 'Memory service' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
