// Opens the sign-in address in the person's browser when the desktop offers a way to; the address is printed anyway.
import { spawn } from 'node:child_process';

const OPENERS: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'open',
  linux: 'xdg-open',
  win32: 'explorer',
};

/** Best effort: on a server over SSH there is no browser, and the printed address is the way. */
export function openBrowser(url: URL, platform: NodeJS.Platform = process.platform): void {
  const opener = OPENERS[platform];
  if (!opener) return;
  try {
    const child = spawn(opener, [url.href], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener installed: the printed address is enough.
  }
}
