import pino, { type Logger } from 'pino';
import type { Config } from '../config';

/** Structured JSON logs on stdout (one line per event), the way log collectors expect them. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    name: 'metacatalog',
    level: config.logLevel,
    base: { service: 'metacatalog' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.authorization'],
  });
}
