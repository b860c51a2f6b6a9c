// What the card operations need from outside: only the database (a MemoryDeps fits as it is).
import type { Database, Tx } from '@svc/db';
import type { Actor } from '../actor';

export interface CardDeps {
  database: Database;
}

/** A board as the card operations address it: its row, its scope and the project it belongs to. */
export interface BoardRef {
  id: string;
  scopeId: string;
  project: { id: string; name: string };
}

/** One open transaction, run as the caller under row-level security. */
export interface CardTx {
  tx: Tx;
  actor: Actor;
}
