// The card domain's public face: the four card tools and the card part of `link`.
export type { CardDeps } from './deps';
export { runCard } from './card-tool';
export { runBoard } from './board-tool';
export { projectBoard } from './project-board';
export type { BoardFilter } from './board-page';
export { runCardLog } from './card-log-tool';
export { promoteLoop } from './promote-loop';
export { linkCards, type LinkCardsInput, type LinkCardsResult } from './link-cards';
export { summarizeCards, cardsInProgress } from './summaries';
