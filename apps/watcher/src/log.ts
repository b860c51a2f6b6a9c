// The watcher's log: one JSON record per line on stderr, quiet by default, never a transcript's text.

type Level = 'error' | 'warn' | 'info' | 'debug';
const ORDER: Record<Level, number> = { error: 0, warn: 1, info: 2, debug: 3 };

export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  level: Level,
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const at =
    (l: Level) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[l] <= ORDER[level])
        write(
          `${JSON.stringify({ time: new Date().toISOString(), level: l, message, ...fields })}\n`,
        );
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}
