import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PYTHON } from './oracles';
import { ADMIN, headersOf, type Data, type Who } from './test-app';

/**
 * What the REST tests share (Placement, Nova's server tags, Blazar, Glance): one request to a served API as a
 * client sends it, its answer read whole, and the OpenStack command-line clients run unchanged against the test
 * server.
 */

/** An answer: its status and headers, the body parsed when it is JSON (else its text), and the raw text. */
export interface Answer {
  status: number;
  headers: Headers;
  body: Data;
  text: string;
}

export interface CallOptions {
  /** A JSON body (sent with `Content-Type: application/json`). */
  body?: unknown;
  /** Who asks (their noauth headers, test-app's `headersOf`); null: no identity headers. ADMIN unless told. */
  as?: Who | null;
  /** More headers (they win over the identity's). */
  headers?: Record<string, string>;
}

/** Where an API is mounted on a test server: `listen()`'s /graphql URL with the prefix in its place. */
export const restBase = (graphqlUrl: string, prefix: string): string =>
  `${graphqlUrl.replace(/\/graphql$/, '')}${prefix}`;

/** One request to `url`; the body is parsed when the answer says it is JSON (or has no content type). */
export async function restCall(
  method: string,
  url: string,
  { body, as = ADMIN, headers = {} }: CallOptions = {},
): Promise<Answer> {
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headersOf(as))) sent[name] = String(value);
  if (body !== undefined) sent['content-type'] = 'application/json';
  Object.assign(sent, headers);
  const response = await fetch(url, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const json = text !== '' && (type === '' || type.includes('json'));
  return {
    status: response.status,
    headers: response.headers,
    body: json ? JSON.parse(text) : undefined,
    text,
  };
}

/**
 * `call(method, path, options)` against one API: `base()` is read at each call (it is known once the server
 * listens); `extraHeaders` turns the API's own options (a microversion, …) into headers.
 */
export function restClient<Extra extends object = Record<never, never>>(
  base: () => string,
  extraHeaders: (options: Extra) => Record<string, string | undefined> = () => ({}),
): (method: string, path: string, options?: CallOptions & Extra) => Promise<Answer> {
  return (method, path, options = {} as CallOptions & Extra) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(extraHeaders(options))) {
      if (value !== undefined) headers[name] = value;
    }
    return restCall(method, `${base()}${path}`, { ...options, headers: { ...headers, ...options.headers } });
  };
}

/** What a command line client printed, and how it ended. */
export interface ClientRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a client (Debian's python3 with its packages) with only PATH and a HOME of its own (the run's
 * `~/.glanceclient` schema cache is fresh, as on a new machine); rejects when it exits non-zero unless `allowFailure`.
 */
export async function runClient(
  argv: readonly string[],
  { allowFailure = false, env = {} }: { allowFailure?: boolean; env?: Record<string, string> } = {},
): Promise<ClientRun> {
  const home = mkdtempSync(join(tmpdir(), 'metacatalog-client-'));
  try {
    const child = spawn(argv[0], argv.slice(1), {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0 && !allowFailure) {
      throw new Error(`${argv.join(' ')} exited ${code}:\n${stderr}\n${stdout}`);
    }
    return { code, stdout, stderr };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * `glance …` (python3-glanceclient) against an image endpoint without Keystone: `--os-image-url` with
 * `--os-auth-token` (glanceclient then sends the token as X-Auth-Token and asks no identity service). The API
 * version is left to glanceclient's own choice (it reads `/versions` and caches the schemas first, as an operator's
 * run does).
 */
export function glanceClient(
  endpoint: () => string,
  token: () => string = () => 'admin',
): (args: readonly string[], options?: { allowFailure?: boolean }) => Promise<ClientRun> {
  return (args, options) =>
    runClient(
      ['/usr/bin/glance', '--os-image-url', endpoint(), '--os-auth-token', token(), ...args],
      options,
    );
}

/**
 * `openstack …` (python3-openstackclient) with the admin_token plugin against one endpoint (what it sends as
 * X-Auth-Token: `noauth2`'s `admin`, or a Keystone stand-in's token).
 */
export function openstackClient(
  endpoint: () => string,
  token: () => string = () => 'admin',
  extraArgs: () => readonly string[] = () => [],
): (args: readonly string[], options?: { allowFailure?: boolean }) => Promise<ClientRun> {
  return (args, options) =>
    runClient(
      [
        PYTHON,
        '-m',
        'openstackclient.shell',
        '--os-auth-type',
        'admin_token',
        '--os-token',
        token(),
        '--os-endpoint',
        endpoint(),
        ...extraArgs(),
        ...args,
      ],
      options,
    );
}
