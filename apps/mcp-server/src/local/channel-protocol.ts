// Names shared by both ends of the local channel.

/** Bumped when the routes or their bodies change, so a newer command can tell an older owner apart. */
export const CHANNEL_PROTOCOL = 1;

/** The upgrade token under which a connection turns into newline-delimited MCP frames. */
export const STDIO_UPGRADE = 'svc-stdio';

/** The SVC_TOKEN of a proxied stdio session (lower case: how node presents header names). */
export const TOKEN_HEADER = 'x-svc-token';
