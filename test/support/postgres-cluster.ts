import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { postgresBin } from './oracles';

/**
 * A PostgreSQL primary and a streaming standby started from the installed server binaries (ORACLES.postgresServer),
 * in a temporary folder, on ports of their own: what a failover test promotes. The binaries refuse to run as root:
 * as root they run as the `postgres` user.
 */
const asRoot = userInfo().uid === 0;

/** Runs a server binary (as `postgres` when we are root); its output is returned, its failure thrown with it. */
function run(command: string, args: string[]): string {
  const bin = join(postgresBin()!, command);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A TCP proxy whose target the test switches, as a virtual IP, HAProxy or PgBouncer in front of the current
 * primary: `switchTo` sends new connections to another port and ends the open ones (the old primary's sessions
 * end with it). `cut` ends the open ones and refuses new ones until the next `switchTo`.
 */
export interface SwitchableProxy {
  port: number;
  switchTo(port: number): void;
  cut(): void;
  close(): Promise<void>;
}

export async function switchableProxy(target: number): Promise<SwitchableProxy> {
  const sockets = new Set<net.Socket>();
  let current: number | undefined = target;
  const server = net.createServer((client) => {
    if (current === undefined) {
      client.destroy();
      return;
    }
    const upstream = net.connect(current, '127.0.0.1');
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port: (server.address() as AddressInfo).port,
    switchTo(port) {
      current = port;
      endAll();
    },
    cut() {
      current = undefined;
      endAll();
    },
    async close() {
      endAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface PgNode {
  port: number;
  dir: string;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Cluster {
  primary: PgNode;
  standby: PgNode;
  /** Between the standby and the primary: `cut()` stops the standby from receiving the primary's WAL. */
  replication: SwitchableProxy;
  /** Kills the primary as a crash would (pg_ctl stop -m immediate: nothing flushed, no goodbye). */
  crashPrimary(): void;
  /** Promotes the standby (pg_ctl promote, waiting until it accepts writes). */
  promoteStandby(): void;
  stop(): Promise<void>;
}

const nodeOf = (port: number, dir: string): PgNode => {
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    dir,
    url,
    async query<T>(sql: string, params: unknown[] = []) {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows as T[];
      } finally {
        await client.end();
      }
    },
  };
};

/**
 * Starts a primary and a standby streaming from it (through `replication`, a proxy the test can cut). With
 * `synchronous`, the primary waits for the standby to have flushed each commit's WAL before acknowledging it
 * (synchronous_standby_names, synchronous_commit on): what was acknowledged survives a promotion.
 */
export async function startCluster({ synchronous }: { synchronous: boolean }): Promise<Cluster> {
  const base = mkdtempSync(join(tmpdir(), 'metacatalog-failover-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(base, uid, gid);
  }
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primaryDir = join(base, 'primary');
  const standbyDir = join(base, 'standby');
  const started: string[] = [];
  let replication: SwitchableProxy | undefined;
  const stopAll = async () => {
    for (const dir of started.reverse()) {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped (the crashed primary)
      }
    }
    await replication?.close();
    rmSync(base, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const common = [
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${base}'`,
      `max_connections = 40`,
      `shared_buffers = 16MB`,
      `wal_level = replica`,
      `max_wal_senders = 4`,
      `hot_standby = on`,
      `wal_receiver_status_interval = 1s`,
      `wal_retrieve_retry_interval = 500ms`,
    ];
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        ...common,
        `port = ${primaryPort}`,
        `synchronous_standby_names = '${synchronous ? 'standby' : ''}'`,
        `synchronous_commit = on`,
        '',
      ].join('\n'),
    );
    run('pg_ctl', ['-D', primaryDir, '-l', join(base, 'primary.log'), '-w', 'start']);
    started.push(primaryDir);
    replication = await switchableProxy(primaryPort);
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
    ]);
    appendFileSync(
      join(standbyDir, 'postgresql.conf'),
      [...common, `port = ${standbyPort}`, `synchronous_standby_names = ''`, ''].join('\n'),
    );
    // After what pg_basebackup -R wrote there (the last line wins): through the proxy, under a name of its own.
    appendFileSync(
      join(standbyDir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${replication.port} user=postgres application_name=standby'\n`,
    );
    run('pg_ctl', ['-D', standbyDir, '-l', join(base, 'standby.log'), '-w', 'start']);
    started.push(standbyDir);
    const primary = nodeOf(primaryPort, primaryDir);
    // Streaming (and the synchronous standby) before the test writes.
    for (let attempt = 0; ; attempt += 1) {
      const rows = await primary.query<{ state: string; sync_state: string }>(
        `SELECT state, sync_state FROM pg_stat_replication WHERE application_name = 'standby'`,
      );
      if (rows[0]?.state === 'streaming' && (!synchronous || rows[0].sync_state === 'sync')) break;
      if (attempt > 100) {
        const log = readFileSync(join(base, 'standby.log'), 'utf8').slice(-2000);
        throw new Error(`the standby does not stream: ${JSON.stringify(rows)}\n${log}`);
      }
      await sleep(100);
    }
    return {
      primary,
      standby: nodeOf(standbyPort, standbyDir),
      replication,
      crashPrimary: () => run('pg_ctl', ['-D', primaryDir, '-m', 'immediate', '-w', 'stop']),
      promoteStandby: () => run('pg_ctl', ['-D', standbyDir, '-w', 'promote']),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
