import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs on stdout (one line per event), the way log collectors expect them; `fd: 2` writes the
 * same lines to stderr (why a process could not start).
 */
export function createLogger(level: string, fd: 1 | 2 = 1): Logger {
  return pino(
    {
      name: 'metacatalog',
      level,
      base: { service: 'metacatalog' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ['req.headers.authorization'],
    },
    pino.destination({ fd, sync: true }),
  );
}
