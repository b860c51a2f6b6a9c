// The watcher's version, sent as the MCP client version and printed by --version.
export const WATCHER_VERSION = '0.1.0';
