// Root layout of the dashboard pages: one stylesheet, no client framework.
import type { ReactNode } from 'react';
import { SkipLink } from '../components/skip-link';
import './globals.css';

export const metadata = { title: 'Memory service' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SkipLink />
        {children}
      </body>
    </html>
  );
}
