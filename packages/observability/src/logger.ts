// Structured JSON logging; every record written inside a request carries that request's id.
import winston from 'winston';
import { currentRequestContext } from './request-context';

export type Logger = winston.Logger;

export interface LoggerOptions {
  level?: string;
  /** Send every level to stderr: required over stdio, where stdout carries only protocol frames. */
  stderr?: boolean;
  /** Extra transports (tests capture records with a stream transport). */
  transports?: winston.transport[];
  service?: string;
}

const ALL_LEVELS = Object.keys(winston.config.npm.levels);

const withRequestContext = winston.format((info) => {
  const ctx = currentRequestContext();
  if (ctx) {
    info.requestId ??= ctx.requestId;
    if (ctx.userId !== undefined) info.userId ??= ctx.userId;
    if (ctx.tool !== undefined) info.tool ??= ctx.tool;
  }
  return info;
});

export function createLogger(options: LoggerOptions = {}): Logger {
  const console = new winston.transports.Console({
    stderrLevels: options.stderr ? ALL_LEVELS : ['error'],
  });
  return winston.createLogger({
    level: options.level ?? 'info',
    defaultMeta: { service: options.service ?? 'memory-service' },
    format: winston.format.combine(
      withRequestContext(),
      winston.format.timestamp(),
      winston.format.errors({ stack: true }),
      winston.format.json(),
    ),
    transports: options.transports ?? [console],
  });
}
