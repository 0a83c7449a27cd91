import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs (one line per event), the way log collectors expect them: `serve`'s on stdout (it prints
 * nothing else); every other command's on stderr (`fd: 2`), its stdout being its results, which scripts read. Why
 * a process could not start also goes to stderr.
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
