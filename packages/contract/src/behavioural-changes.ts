// The behavioural-change ledger (Versioning rule 8): changes that left shapes untouched, no bump.
// docs/contract/behavioural-changes.md holds the same rows word for word; a test compares them.

/** The part of the contract where the behaviour is stated. */
export type BehaviouralArea = 'states' | 'endpoints' | 'authentication' | 'errors';

export interface BehaviouralChange {
  readonly id: string;
  readonly area: BehaviouralArea;
  readonly change: string;
}

export const BEHAVIOURAL_CHANGES: readonly BehaviouralChange[] = [
  {
    id: 'branch_required',
    area: 'states',
    change:
      'Moving or creating a card into `active` without `branch` or `no_branch`, and without ' +
      'an open branch, is refused with `branch_required`; `promote_loop` opens in `active` ' +
      'by default.',
  },
  {
    id: 'branch_open',
    area: 'states',
    change:
      'Moving a card out of `active` while it holds an open branch is refused with ' +
      '`branch_open`; record the landing with `land` or pass `not_landed`.',
  },
  {
    id: 'svc_labels',
    area: 'endpoints',
    change:
      'Cards are labelled `SVC-N` in briefing text, server messages and the dashboard; the ' +
      'number is unchanged.',
  },
  {
    id: 'active_move_assessment',
    area: 'states',
    change:
      "A move into `active` is refused with `links_required` when the card's relations were " +
      'never assessed, and with `type_required` when it has no type. A card that stated its ' +
      'relations once is not asked again.',
  },
  {
    id: 'undeclared_relates_to',
    area: 'states',
    change:
      'Attaching a card (`ref_kind: card`) records an undeclared `relates_to`, shown as ' +
      'undeclared in `board get`; a declared relation between the same cards replaces it ' +
      'and `detach` retires it.',
  },
  {
    id: 'project_hint_resolution',
    area: 'endpoints',
    change:
      "A `project_hint` that is a project name matches only the caller's projects, by " +
      'spelling, alias or initials; none or several is refused on `remember`, ' +
      '`move_memories`, `import_memory` and `card` with `project_hint_unresolvable:` and ' +
      'ignored on reads. A repository path or git remote still sets up a new project.',
  },
  {
    id: 'card_create_session_project',
    area: 'endpoints',
    change:
      "`card` create without `scope` or `project_hint` goes on the board of the session's " +
      'project; a session without a project is refused with `scope_target_required:` and ' +
      "the caller's projects.",
  },
  {
    id: 'database_write_refusals',
    area: 'endpoints',
    change:
      'The database API refuses with 42501 writes that change `owner_id`, `id` or ' +
      '`created_at`, share or move a memory into a scope the caller cannot write, name ' +
      'someone else in `invalidated_by` or `shared_by`, or (by a writer member) change ' +
      "another member's memory beyond retiring it.",
  },
  {
    id: 'promoted_rule_carrying',
    area: 'endpoints',
    change:
      'A promoted rule with a curated text carried to a successor memory with exactly that ' +
      "text is reported as carried under `remember`'s `rules` and no longer flagged for " +
      'review.',
  },
  {
    id: 'redirecting_authorize',
    area: 'authentication',
    change:
      '`GET /oauth/authorize` answers 302 to the dashboard consent page; `POST ' +
      '/oauth/authorize` answers 404.',
  },
  {
    id: 'consent_scoping',
    area: 'authentication',
    change:
      'A consent covers only the return address the person approved; the consent screen is ' +
      'skipped only for an arrival on its own or from the dashboard.',
  },
  {
    id: 'second_factor',
    area: 'authentication',
    change:
      'On an account with a verified second factor, a session without the code reaches no ' +
      'data: 401 `insufficient_aal` from the memory server, no rows from the database API, ' +
      '`/mfa/verify` or 403 from the dashboard.',
  },
  {
    id: 'secret_refusal_more_tools',
    area: 'errors',
    change:
      '`secret_content_rejected:` applies to `remember` content, and now also to `remember` tags; `card` title, body, `no_links`, `no_branch`, `not_landed` and link reasons; `promote_loop` title, body, `no_links`, `no_branch` and link reasons; `card_log` notes; `link` entity names and card-link reasons; `promote_rule` rule text; and `resolve_conflicts` merged content (`SECRET_GUARDED_FIELDS`). `import_memory` refuses items carrying a secret.',
  },
  {
    id: 'caller_only_conflict_counts',
    area: 'endpoints',
    change:
      "`list_conflicts` `limit` and `resolve_conflicts` `skipped` count only the caller's " +
      'own conflicts.',
  },
  {
    id: 'signed_in_search_tools',
    area: 'authentication',
    change:
      '`search_memories`, `find_similar_memory` and `memory_version_history` need a ' +
      'signed-in caller; an anonymous database-API call gets 42501.',
  },
  {
    id: 'mcp_origin_check',
    area: 'endpoints',
    change:
      "A request to `/mcp` whose `Origin` is not allowed (only the public URL's and the dashboard's origins, and `ALLOWED_ORIGINS`) is refused with 403 `forbidden` before any MCP handling; bound to loopback, a `Host` that is not a loopback name or the public URL's host is refused the same way.",
  },
  {
    id: 'database_unavailable',
    area: 'errors',
    change:
      'A failure because the database cannot be reached stays `internal` (500) but says so: `details.reason` `database_unavailable`, `details.retryable` true, `details.retry_after_seconds` and a `Retry-After` header; OAuth endpoints answer 503 `temporarily_unavailable`.',
  },
  {
    id: 'ingest_extraction',
    area: 'endpoints',
    change:
      '`ingest_conversation` now extracts memories from each stored chunk in the background; `queued` is true while that extraction is queued or running.',
  },
  {
    id: 'english_canonical_text',
    area: 'endpoints',
    change:
      'A memory written in another language is translated into English in the background (with a language model configured); once translated, search ranks and tools return the English text.',
  },
  {
    id: 'saved_memory_check',
    area: 'endpoints',
    change:
      "After `remember` answers, the new memory is checked in the background against its owner's live memories in the same scope; a contradiction is recorded as an open conflict that `list_conflicts` shows (with the language model's explanation when one is configured). Near duplicates stay in `remember`'s answer.",
  },
  {
    id: 'secret_guard_coverage',
    area: 'errors',
    change:
      '`secret_content_rejected:` refuses many more kinds of credentials: the gitleaks default rules (`generic-api-key` in part: a key word glued on or followed by a word for the value, as in `PGPASSWORD`, `DB_PASS` or `DB_PASSWORD_PROD`, not any name that contains one), private keys in the PEM (RSA, EC, DSA, PKCS#8 plain and encrypted), PGP, OpenSSH (plain and encrypted), SSH2 and PuTTY forms, passwords stated in prose or in URLs, `.env` lines, `.netrc` entries and key files; `details.rule` may be `svc/secret-guard-supplement`. Obvious placeholders (`ghp_xxxx…`, `postgres://<user>:<password>@…`) are no longer refused.',
  },
  {
    id: 'mcp_invalid_params',
    area: 'errors',
    change:
      "A request whose params break the method's schema (`tools/call` with `arguments` that is not an object, `initialize` without params) is answered JSON-RPC -32602 with a short message instead of -32603 with the validator's output.",
  },
  {
    id: 'mcp_body_after_auth',
    area: 'endpoints',
    change:
      '`POST /mcp` checks the token before reading the body (an anonymous caller gets 401 whatever it sent); a content type other than `application/json`, a charset other than UTF-8, a content encoding the server does not know, or a compressed body that does not decode is answered 400 `validation_failed`.',
  },
  {
    id: 'first_sight_one_project',
    area: 'endpoints',
    change:
      'Concurrent first writes naming the same new git remote or path make one project, on any number of instances; a concurrent second attach of the same reference to a card is answered as already attached.',
  },
  {
    id: 'second_factor_replay_lockout',
    area: 'authentication',
    change:
      'A second-factor code already used is refused as such (`details.reason` `code_reused`); ten wrong codes lock the second factor until 15 minutes after the first of them (429 with `Retry-After`), and lockout messages state the remaining time.',
  },
  {
    id: 'plain_content_fields',
    area: 'endpoints',
    change:
      '`remember` without `event_at` takes the event time from a date written in the content (relative dates read against an opening date or the time of writing), and records a speaker the content names ("Caroline said: …") as `metadata.speaker`; `recall`\'s `since`/`until` match that time. Memories written one after another in one thread are neighbours in ranking, and questions naming a time or asking "when" prefer memories of that time.',
  },
  {
    id: 'conversation_ranking',
    area: 'endpoints',
    change:
      '`recall`, `build_context` and `search_memories` also rank a memory by the memories beside it in its conversation or thread (the closest of them in meaning lifts it; a memory with none counts its own), and a memory that asks a question ranks a tenth lower; `why` can say that the memory beside it is closer in meaning.',
  },
  {
    id: 'transport_session_thread',
    area: 'states',
    change:
      'A tool call that omits `thread` continues the thread its MCP transport session (one stdio connection, or one `Mcp-Session-Id`, which `initialize` over HTTP now hands out) last received, so a project attached once stays attached for that session\'s later calls without a target; a `thread` passed always wins. A thread session unused for `SESSION_RETENTION_DAYS` (default 90) is deleted, and its thread then selects nothing.',
  },
];
