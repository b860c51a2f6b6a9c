// Bounds the service chose for inputs the contract leaves unbounded (docs/contract/decisions.md).
// Every string and array an agent sends is bounded, so no input can grow a row or a prompt unchecked.

/* Memory content and its fields. */
/** A memory is a distilled statement, not a document; longer text belongs in several memories. */
export const MEMORY_CONTENT_MAX_CHARS = 16_000;
/** Results carry content up to this length; the `svc://memory/{id}` resource holds the full row. */
export const MEMORY_PREVIEW_MAX_CHARS = 2000;
export const TAGS_MAX = 20;
export const TAG_MAX_CHARS = 64;
export const SUPERSEDES_MAX = 20;
export const METADATA_MAX_KEYS = 32;
export const METADATA_KEY_MAX_CHARS = 64;
/** Serialized JSON size of `metadata`. */
export const METADATA_MAX_CHARS = 8192;
export const SOURCE_FIELD_MAX_CHARS = 256;

/* Targets. Paths and git remotes can be long; 1024 covers deep checkouts. */
export const PROJECT_HINT_MAX_CHARS = 1024;

/* Queries and briefings. */
export const QUERY_MAX_CHARS = 2000;
export const TASK_MAX_CHARS = 4000;
export const TOKEN_BUDGET_MIN = 256;
export const TOKEN_BUDGET_MAX = 32_000;
export const TOKEN_BUDGET_DEFAULT = 4000;
export const CONTEXT_MEMORIES_MAX = 50;
export const CONTEXT_MEMORIES_DEFAULT = 12;
export const SIMILAR_K_MAX = 50;
export const SIMILAR_K_DEFAULT = 5;

/* Listing. */
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;
export const CURSOR_MAX_CHARS = 512;

/* Bulk operations. */
export const BULK_IDS_MAX = 100;
export const IMPORT_ITEMS_MAX = 100;
export const CONFLICT_CHOICES_MAX = 100;
export const BENCHMARK_QUERIES_MAX = 50;
export const BENCHMARK_EXPECTED_IDS_MAX = 20;

/* Cards. */
export const CARD_TITLE_MAX_CHARS = 200;
export const CARD_BODY_MAX_CHARS = 20_000;
/** Every reason string: `no_links`, `no_branch`, `not_landed`, a link's `reason`, a forget reason. */
export const REASON_MAX_CHARS = 1000;
export const CARD_NOTE_MAX_CHARS = 4000;
export const LINKS_MAX = 20;
/** Largest card number a label may carry (fits a 32-bit integer column with room). */
export const CARD_NUMBER_MAX = 999_999_999;
export const BRANCH_REPO_MAX_CHARS = 512;
/** Git refuses longer ref names on most filesystems. */
export const BRANCH_NAME_MAX_CHARS = 255;
export const URL_MAX_CHARS = 2048;

/* Rules and the entity graph. */
export const RULE_TEXT_MAX_CHARS = 2000;
export const ENTITY_NAME_MAX_CHARS = 200;
export const ENTITY_TYPE_MAX_CHARS = 64;
export const RELATION_NAME_MAX_CHARS = 64;
export const ENTITY_RELATIONS_MAX = 50;

/* Conversation ingestion, besides the contract's own bounds in limits.ts. */
export const RUN_ID_MAX_CHARS = 128;
export const SESSION_KEY_MAX_CHARS = 256;
export const SEQUENCE_MAX = 1_000_000;

/* Registration fields other than the contract's. */
export const CLIENT_NAME_MAX_CHARS = 200;
