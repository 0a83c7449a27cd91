import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a user token stands for: the scope Keystone put it in, the user and their role names. */
export interface TokenGrant {
  projectId?: string;
  domainId?: string;
  /** Scoped to the whole deployment (`"system": {"all": true}`). */
  system?: boolean;
  userId: string;
  roles: string[];
  /** Default: an hour from when it is issued. */
  expiresAt?: Date;
}

export const SERVICE_USER = {
  KEYSTONE_USERNAME: 'metacatalog',
  KEYSTONE_PASSWORD: 'service-password',
  KEYSTONE_PROJECT_NAME: 'service',
};
export const FIXED_SERVICE_TOKEN = 'fixed-service-token-0123456789';

/**
 * A small Keystone (identity API v3) for tests: password authentication of the service user (POST
 * /v3/auth/tokens) and token validation (GET /v3/auth/tokens), answering the way Keystone does — 201 with
 * X-Subject-Token, 200 with the token body, 404 for an unknown or expired subject token, 401 for a refused
 * X-Auth-Token. It counts the calls and can be made to fail.
 */
export class KeystoneStandIn {
  /** GET /v3/auth/tokens calls (token validations), whatever they answered. */
  validations = 0;
  /** POST /v3/auth/tokens calls (the service user logging in). */
  logins = 0;
  /** Every X-Auth-Token and X-Subject-Token received, to check that the right ones were sent. */
  readonly seen: { serviceToken?: string; subjectToken?: string; query: string }[] = [];
  /** `ok` answers normally; a number answers every request with that status; `hang` never answers. */
  mode: 'ok' | 'hang' | number = 'ok';

  private readonly grants = new Map<string, TokenGrant & { expiresAt: Date }>();
  /** Users who may log in with a password (as a client does), by name, with what their token grants. */
  private readonly users = new Map<string, { password: string; projectName: string; grant: TokenGrant }>();
  /** The service catalog a user's login answers with (type → public URL). */
  readonly catalog = new Map<string, string>();
  private readonly serviceTokens = new Set<string>([FIXED_SERVICE_TOKEN]);
  private serviceTokenLifetimeMs = 3_600_000;
  private issued = 0;
  private readonly server: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();
  url = '';

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
  }

  static async start(): Promise<KeystoneStandIn> {
    const standIn = new KeystoneStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    standIn.url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}/v3`;
    return standIn;
  }

  /** A new user token with this grant. */
  issue(grant: TokenGrant): string {
    this.issued += 1;
    const token = `gAAAAA-user-${this.issued}-${Math.random().toString(36).slice(2)}`;
    this.grants.set(token, { ...grant, expiresAt: grant.expiresAt ?? new Date(Date.now() + 3_600_000) });
    return token;
  }

  /** A user who may log in with a password, scoped to `projectName` (in domain Default), getting `grant`. */
  addUser(name: string, password: string, projectName: string, grant: TokenGrant): void {
    this.users.set(name, { password, projectName, grant });
  }

  /** Keystone forgets every service token it issued (as when they expire or are revoked). */
  revokeServiceTokens(): void {
    this.serviceTokens.clear();
  }

  /** How long the service tokens issued from now on live. */
  setServiceTokenLifetime(ms: number): void {
    this.serviceTokenLifetimeMs = ms;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const [path, query = ''] = (req.url ?? '').split('?');
    if (path !== '/v3/auth/tokens') return this.answer(res, 404, { error: { code: 404 } });
    if (req.method === 'POST') this.logins += 1;
    if (req.method === 'GET') {
      this.validations += 1;
      this.seen.push({
        serviceToken: req.headers['x-auth-token'] as string | undefined,
        subjectToken: req.headers['x-subject-token'] as string | undefined,
        query,
      });
    }
    if (this.mode === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (typeof this.mode === 'number') return this.answer(res, this.mode, { error: { code: this.mode } });
    if (req.method === 'POST') return this.login(res, body);
    if (req.method === 'GET') return this.validate(req, res);
    this.answer(res, 405, { error: { code: 405 } });
  }

  private login(res: http.ServerResponse, body: string): void {
    const auth = JSON.parse(body).auth;
    const user = auth?.identity?.password?.user;
    const project = auth?.scope?.project;
    const known = this.users.get(String(user?.name));
    if (
      known &&
      user?.password === known.password &&
      user?.domain?.name === 'Default' &&
      project?.name === known.projectName &&
      project?.domain?.name === 'Default'
    ) {
      // A client logging in: a token for its grant, with the catalog (keystoneauth finds endpoints there).
      const token = this.issue(known.grant);
      res.setHeader('x-subject-token', token);
      return this.answer(res, 201, {
        token: {
          ...this.tokenBody(this.grants.get(token)!),
          catalog: [...this.catalog].map(([type, url]) => ({
            type,
            name: type,
            id: `service-${type}`,
            endpoints: [
              {
                id: `endpoint-${type}`,
                interface: 'public',
                region: 'RegionOne',
                region_id: 'RegionOne',
                url,
              },
            ],
          })),
        },
      });
    }
    if (
      user?.name !== SERVICE_USER.KEYSTONE_USERNAME ||
      user?.password !== SERVICE_USER.KEYSTONE_PASSWORD ||
      user?.domain?.name !== 'Default' ||
      project?.name !== SERVICE_USER.KEYSTONE_PROJECT_NAME ||
      project?.domain?.name !== 'Default'
    ) {
      return this.answer(res, 401, {
        error: { code: 401, message: 'The request you have made requires authentication.' },
      });
    }
    this.issued += 1;
    const token = `gAAAAA-service-${this.issued}`;
    this.serviceTokens.add(token);
    const expiresAt = new Date(Date.now() + this.serviceTokenLifetimeMs);
    res.setHeader('x-subject-token', token);
    this.answer(res, 201, {
      token: {
        expires_at: expiresAt.toISOString().replace('Z', '000Z'),
        project: { id: 'service-project-id', name: 'service' },
        user: { id: 'metacatalog-user-id', name: 'metacatalog' },
        roles: [{ id: 'r1', name: 'service' }],
      },
    });
  }

  private validate(req: http.IncomingMessage, res: http.ServerResponse): void {
    const serviceToken = req.headers['x-auth-token'];
    if (typeof serviceToken !== 'string' || !this.serviceTokens.has(serviceToken)) {
      return this.answer(res, 401, {
        error: { code: 401, message: 'The request you have made requires authentication.' },
      });
    }
    const grant = this.grants.get(String(req.headers['x-subject-token']));
    if (!grant || grant.expiresAt.getTime() <= Date.now()) {
      return this.answer(res, 404, { error: { code: 404, message: 'Could not find token.' } });
    }
    this.answer(res, 200, { token: this.tokenBody(grant) });
  }

  /** A token's body as Keystone's GET /v3/auth/tokens answers it. */
  private tokenBody(grant: TokenGrant & { expiresAt: Date }) {
    return {
      methods: ['password'],
      // Keystone's format: microseconds and Z.
      expires_at: grant.expiresAt.toISOString().replace('Z', '000Z'),
      issued_at: new Date().toISOString(),
      user: { id: grant.userId, name: grant.userId, domain: { id: 'default', name: 'Default' } },
      ...(grant.projectId
        ? {
            project: {
              id: grant.projectId,
              name: grant.projectId,
              domain: { id: 'default', name: 'Default' },
            },
          }
        : {}),
      ...(grant.domainId ? { domain: { id: grant.domainId, name: grant.domainId } } : {}),
      ...(grant.system ? { system: { all: true } } : {}),
      roles: grant.roles.map((name, index) => ({ id: `role-${index}`, name })),
    };
  }

  private answer(res: http.ServerResponse, status: number, body: unknown): void {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  }
}
