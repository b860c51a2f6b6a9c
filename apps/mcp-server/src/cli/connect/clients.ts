// The table of MCP clients `svc connect` knows, by the name given on the command line.
import { fail } from '@svc/errors';
import { claudeCode, claudeDesktop } from './claude';
import { cursor, vscode } from './editors';
import { generic } from './generic';
import type { ClientFormat } from './snippet';

export const CLIENTS = {
  'claude-code': claudeCode,
  'claude-desktop': claudeDesktop,
  cursor,
  vscode,
  generic,
} as const satisfies Record<string, ClientFormat>;

export type ClientId = keyof typeof CLIENTS;
export const CLIENT_IDS = Object.keys(CLIENTS) as ClientId[];

export function findClient(id: string): ClientFormat {
  if (!Object.hasOwn(CLIENTS, id)) {
    throw fail.validation(`Unknown client "${id}"; known clients: ${CLIENT_IDS.join(', ')}`, { known: CLIENT_IDS });
  }
  return CLIENTS[id as ClientId];
}
