// Public API of the contract package: the wire shapes of the service, versioned by CONTRACT_VERSION.
// Everything here changes only with a contract bump; apps turn database rows into these shapes.

export {
  CAPABILITY_KEY,
  CONTRACT_VERSION,
  contractCapability,
  contractCapabilitySchema,
  type ContractCapability,
} from './version';

/** The contract's Limits table: every constant of limits.ts is public by design. */
export * from './limits';
/** Bounds the service chose where the contract names none, as one namespace (`bounds.TAGS_MAX`). */
export * as bounds from './bounds';

export {
  REQUEST_ID_PATTERN,
  adoptOrMintRequestId,
  isRequestId,
  mintRequestId,
  parseRequestId,
  requestIdSchema,
  type RequestId,
} from './request-id';
export {
  MEMORY_RESOURCE_TEMPLATE,
  RESOURCE_SCHEME,
  RULES_RESOURCE_URI,
  memoryResourceUri,
  parseResourceUri,
  type ResourceRef,
} from './resources';
export {
  PROMPTS,
  PROMPT_NAMES,
  isPromptName,
  type PromptArgument,
  type PromptDefinition,
  type PromptName,
} from './prompts';

export {
  CARD_REFUSALS,
  CARD_REFUSAL_CODE,
  MESSAGE_PREFIXES,
  SECRET_GUARDED_FIELDS,
  WRITE_REFUSED_REASONS,
  hasRefusal,
  refusalMessage,
  type CardRefusal,
  type MessagePrefix,
  type MessagePrefixKey,
  type WriteRefusedReason,
} from './refusals';
export { refusalDetails, type RefusalDetails, type RefusalName } from './refusal-details';

export {
  CARD_LABEL_PATTERN,
  CARD_RELATIONS,
  CARD_RELATION_INVERSES,
  CARD_STATES,
  CARD_STATE_MEANINGS,
  CARD_TYPES,
  CARD_TYPE_MEANINGS,
  REF_KINDS,
  cardLabel,
  cardRelation,
  cardState,
  cardType,
  formatCardLabel,
  parseCardLabel,
  refKind,
  type CardRelation,
  type CardState,
  type CardType,
  type RefKind,
} from './cards';
export {
  branchInput,
  cardRef,
  linkItem,
  links,
  type BranchInput,
  type LinkItem,
} from './card-inputs';

export {
  MEMORY_KINDS,
  memoryKind,
  memorySource,
  type MemoryKind,
  type MemorySource,
} from './shared/memory-fields';
export { MEMORY_STATUSES, memoryView, scoredMemory, type MemoryView } from './shared/memory-view';
export { cardSummary, cardView, type CardSummary, type CardView } from './shared/card-view';
export { conflictView, type ConflictView } from './shared/conflict-view';
export { ruleView, type RuleView } from './shared/rule-view';
export { RUN_STATUSES, runView, type RunStatus, type RunView } from './shared/runs';
export {
  projectHint,
  projectRef,
  projectScope,
  scopeTarget,
  type ProjectRef,
  type ScopeTarget,
} from './shared/scope';
export { mintThreadToken, sessionSchema, threadToken, type Session } from './shared/session';
export { uuid } from './shared/ids';
export { utf8Bytes } from './shared/text';
export type { ToolAnnotations, ToolDefinition } from './shared/tool';

export {
  TOOLS,
  TOOL_NAMES,
  WITHDRAWN_TOOLS,
  isToolName,
  isWithdrawnTool,
  type ToolArgs,
  type ToolInput,
  type ToolName,
  type ToolOutput,
  type Tools,
  type WithdrawnToolName,
} from './tools/index';
export {
  CARD_ACTIONS,
  cardActionInput,
  type CardAction,
  type CardActionInput,
} from './tools/card-actions';
export { BOARD_ACTIONS, boardActionInput, type BoardActionInput } from './tools/board';
export { LINK_ACTIONS, linkActionInput, type LinkActionInput } from './tools/link';

export {
  mixesRedirectKinds,
  redirectUriKind,
  registrationErrorCode,
  registrationInput,
  type RedirectUriKind,
  type RegistrationInput,
} from './registration';

export {
  BEHAVIOURAL_CHANGES,
  BREAKING_CHANGES,
  DEPRECATIONS,
  deprecationRow,
  type BehaviouralArea,
  type BehaviouralChange,
  type BreakingChange,
  type Deprecation,
} from './ledgers';
export { CONTEXT_SECTIONS } from './tools/build-context';
