// Packs rendered turns into chunks of at most the watcher's size, cutting only between turns when it can.
import { splitChunks } from './split-chunks';

export const CONTINUES = '\n[continued in the next chunk]\n';
export const CONTINUED = '[continued from the previous chunk]\n';

/** A turn longer than a chunk is cut into pieces that say so at each cut. */
function cutLongTurn(turn: string, max: number): string[] {
  const pieces = splitChunks(turn, max - CONTINUES.length - CONTINUED.length);
  return pieces.map(
    (piece, i) => (i > 0 ? CONTINUED : '') + piece + (i < pieces.length - 1 ? CONTINUES : ''),
  );
}

/**
 * Deterministic: the same turns always give the same chunks, which is what lets a pass that was
 * killed resend exactly the chunks it had planned under the same sequences.
 */
export function planChunks(turns: readonly string[], max: number): string[] {
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    if (current !== '') chunks.push(current);
    current = '';
  };
  for (const turn of turns) {
    if (turn.length > max) {
      flush();
      chunks.push(...cutLongTurn(turn, max));
    } else {
      if (current.length + turn.length > max) flush();
      current += turn;
    }
  }
  flush();
  return chunks;
}
