// Handlers of the card tools: card, board, card_log and promote_loop (the card part of link is linkCards in core).
import type { ToolHandler } from '../../tool-handler';
import { boardHandler } from './board';
import { cardHandler } from './card';
import { cardLogHandler } from './card-log';
import { promoteLoopHandler } from './promote-loop';

export const CARD_HANDLERS = [
  cardHandler,
  boardHandler,
  cardLogHandler,
  promoteLoopHandler,
] as ToolHandler[];
