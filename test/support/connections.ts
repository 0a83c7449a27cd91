import net from 'node:net';

/** What became of one connection of a storm. */
export type Outcome =
  /** A complete HTTP response arrived (its status line, headers and the whole body it announced). */
  | { kind: 'answered'; status: number; connection: string | undefined; body: string }
  /** The connection was refused before it was established (ECONNREFUSED): a clean "not here". */
  | { kind: 'refused' }
  /** Established, then cut off before a complete answer (ECONNRESET, EPIPE, or closed half-way). */
  | { kind: 'cut'; reason: string; received: string };

/** A body of Content-Length bytes, once all of them arrived. */
function sized(head: string, rest: string): string | undefined {
  const length = Number(/^content-length: *(\d+)$/im.exec(head)?.[1] ?? NaN);
  return Number.isFinite(length) && Buffer.byteLength(rest) >= length ? rest : undefined;
}

/** A chunked body, once its last (empty) chunk arrived. */
function dechunked(rest: string): string | undefined {
  let body = '';
  for (let at = 0; ;) {
    const line = rest.indexOf('\r\n', at);
    if (line === -1) return undefined;
    const size = parseInt(rest.slice(at, line), 16);
    if (size === 0) return rest.startsWith('\r\n', line + 2) ? body : undefined;
    const chunk = Buffer.from(rest.slice(line + 2), 'utf8')
      .subarray(0, size)
      .toString('utf8');
    if (Buffer.byteLength(chunk) < size || !rest.startsWith('\r\n', line + 2 + chunk.length))
      return undefined;
    body += chunk;
    at = line + 2 + chunk.length + 2;
  }
}

/**
 * One connection: connect, send `GET path` (Connection: close) once connected, read the whole answer.
 * `connected` settles once the handshake is done (or the connection failed); `outcome` at the end.
 */
export function connectedRequest(
  port: number,
  path: string,
): { connected: Promise<void>; outcome: Promise<Outcome> } {
  let onConnected!: () => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const outcome = new Promise<Outcome>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let established = false;
    let received = '';
    let settled = false;
    const settle = (result: Outcome) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      onConnected();
      resolve(result);
    };
    const complete = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return undefined;
      const head = received.slice(0, end);
      const rest = received.slice(end + 4);
      const body = /^transfer-encoding: *chunked$/im.test(head) ? dechunked(rest) : sized(head, rest);
      if (body === undefined) return undefined;
      return {
        kind: 'answered' as const,
        status: Number(head.split(' ')[1]),
        connection: /^connection: *(.*)$/im.exec(head)?.[1],
        body,
      };
    };
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      established = true;
      onConnected();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
      const answer = complete();
      if (answer) settle(answer);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!established && error.code === 'ECONNREFUSED') settle({ kind: 'refused' });
      else settle({ kind: 'cut', reason: error.code ?? error.message, received });
    });
    socket.on('close', () => settle(complete() ?? { kind: 'cut', reason: 'closed early', received }));
  });
  return { connected, outcome };
}

/** One connection's outcome (see connectedRequest). */
export const oneRequest = (port: number, path: string): Promise<Outcome> =>
  connectedRequest(port, path).outcome;
