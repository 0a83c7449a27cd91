import net, { type AddressInfo } from 'node:net';

/** The startup parameters a PostgreSQL client sent (user, database, application_name…); empty for SSL. */
export type StartupParameters = Record<string, string>;

export interface ProxiedConnection {
  parameters: StartupParameters;
  /** Its bytes are dropped both ways (set by blackHole, for good: its protocol stream is broken by then). */
  holed: boolean;
  /** Whether the client side (the service) ended or closed it. */
  closedByClient: boolean;
  /** Neither side has ended it (as far as the proxy forwards). */
  open: boolean;
}

export interface TcpProxy {
  /** `target` with the proxy's host and port. */
  url(): string;
  /**
   * From now on, the connections whose startup `matches` (open ones and new ones) are black-holed: the proxy
   * keeps their sockets open and reads them, but forwards nothing either way, as a NAT or firewall that has
   * forgotten a connection drops its packets without telling either end.
   */
  blackHole(matches: (parameters: StartupParameters) => boolean): void;
  /** New connections are forwarded again (black-holed ones stay dead, as they would behind a real NAT). */
  heal(): void;
  connections(): readonly ProxiedConnection[];
  close(): Promise<void>;
}

const PROTOCOL_3 = 196608;

/** The key/value pairs of a PostgreSQL StartupMessage (length, protocol 3.0, then name\0value\0 … \0). */
function startupParameters(message: Buffer): StartupParameters {
  if (message.readInt32BE(4) !== PROTOCOL_3) return {};
  const fields = message.subarray(8).toString('utf8').split('\0');
  const parameters: StartupParameters = {};
  for (let i = 0; i + 1 < fields.length && fields[i]; i += 2) parameters[fields[i]] = fields[i + 1];
  return parameters;
}

/**
 * A real TCP proxy in front of a PostgreSQL server (`target`: a postgres:// URL) that can silently black-hole
 * chosen connections, told apart by their startup message (e.g. application_name).
 */
export async function startTcpProxy(target: URL): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const all: ProxiedConnection[] = [];
  let matches: ((parameters: StartupParameters) => boolean) | undefined;

  // Half-open sockets: the proxy, not Node, decides whether a FIN is answered (a black-holed one is not).
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const upstream = net.connect({
      port: Number(target.port || 5432),
      host: target.hostname,
      allowHalfOpen: true,
    });
    sockets.add(client).add(upstream);
    const connection: ProxiedConnection = { parameters: {}, holed: false, closedByClient: false, open: true };
    all.push(connection);
    let head: Buffer | undefined = Buffer.alloc(0);

    client.on('data', (chunk: Buffer) => {
      if (head) {
        // Until the startup message is whole: it says which connection this is.
        head = Buffer.concat([head, chunk]);
        if (head.length < 8 || head.length < head.readInt32BE(0)) return;
        connection.parameters = startupParameters(head.subarray(0, head.readInt32BE(0)));
        connection.holed = matches?.(connection.parameters) ?? false;
        chunk = head;
        head = undefined;
      }
      if (!connection.holed) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!connection.holed) client.write(chunk);
    });
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    /** The service let go of the connection (its FIN or RST reached the proxy). */
    const clientLeft = () => {
      if (connection.open) connection.closedByClient = true;
      connection.open = false;
    };
    client.on('end', () => {
      clientLeft();
      // A black-holed connection answers nothing, not even a FIN: its client socket stays half-open (close()
      // destroys it); the server side is let go.
      if (connection.holed) upstream.destroy();
      else upstream.end();
    });
    client.on('close', () => {
      clientLeft();
      drop();
    });
    client.on('error', () => {
      clientLeft();
      drop();
    });
    // The server ending a black-holed connection is not heard of either.
    upstream.on('end', () => {
      if (!connection.holed) client.end();
    });
    const upstreamGone = () => {
      if (connection.holed) return;
      connection.open = false;
      drop();
    };
    upstream.on('close', upstreamGone).on('error', upstreamGone);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url() {
      const url = new URL(target.toString());
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    blackHole(predicate) {
      matches = predicate;
      for (const connection of all)
        if (connection.open && predicate(connection.parameters)) connection.holed = true;
    },
    heal() {
      matches = undefined;
    },
    connections: () => all,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
