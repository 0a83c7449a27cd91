import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export interface CapturedLogs {
  logger: Logger;
  /** Every line logged so far, parsed. */
  lines(): Record<string, unknown>[];
  /** Everything logged so far, as written. */
  text(): string;
}

/** A pino logger that keeps what it writes, for tests that check what is (and is not) logged. */
export function captureLogs(): CapturedLogs {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    logger: pino({ level: 'debug' }, stream),
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
