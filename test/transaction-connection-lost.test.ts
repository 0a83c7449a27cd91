import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { expectError, numberChanges, project, startTestApp, unique, type TestApp } from './support/test-app';

/** The pg client under a TypeORM query runner (its backend's pid, and its end). */
type PgClient = Client & { processID?: number };
type PgRunner = QueryRunner & { databaseConnection?: PgClient; isTransactionActive: boolean };

/**
 * Issue 36 point 3: the database connection of a mutation's transaction ends (its backend terminated, as a
 * failover, a restart or an operator's pg_terminate_backend does) before each of the transaction's statements in
 * turn. Whatever the step, the answer is SERVICE_UNAVAILABLE (the client retries) and nothing of the mutation is
 * committed. On PostgreSQL the backend is terminated; on the embedded database its socket (the connection) closes.
 */
const WRITER = project('faulty');

describe('a connection lost inside a transaction', () => {
  let t: TestApp;
  let admin: Client | undefined;
  /** The statement (0: START TRANSACTION) before which the transaction's connection is ended; -1: none. */
  let failAt = -1;
  let statements: string[] = [];

  beforeAll(async () => {
    // A project's own writes: its namespace quota takes an advisory lock inside the transaction.
    t = await startTestApp({ DATABASE_CONNECT_TIMEOUT_MS: '2000', METADEF_PROJECT_WRITES: 'true' });
    if (process.env.TEST_DATABASE_URL) {
      admin = new Client({ connectionString: (t.app.database.dataSource.options as { url: string }).url });
      await admin.connect();
    }
    // Fault injection under TypeORM: every query runner's statements pass through here first.
    const driver = t.app.database.dataSource.driver as unknown as {
      createQueryRunner(mode: string): QueryRunner;
    };
    const createQueryRunner = driver.createQueryRunner.bind(driver);
    driver.createQueryRunner = (mode) => {
      const runner = createQueryRunner(mode) as PgRunner;
      const query = runner.query.bind(runner);
      let step = 0;
      runner.query = (async (sql: string, ...rest: unknown[]) => {
        // The transaction's statements, from START TRANSACTION (sent with the actor's statement) to COMMIT.
        const inTransaction = runner.isTransactionActive || /^START TRANSACTION/.test(sql);
        if (inTransaction && failAt >= 0) {
          if (step === failAt) await endConnection(runner);
          step += 1;
        }
        if (inTransaction) statements.push(sql);
        return query(sql, ...(rest as []));
      }) as typeof runner.query;
      return runner;
    };
  });
  afterAll(async () => {
    await admin?.end();
    await t.close();
  });

  /** Ends the runner's connection and waits until its client has seen the end (an error event, then `end`). */
  async function endConnection(runner: PgRunner) {
    await runner.connect();
    const client = runner.databaseConnection!;
    // Not events.once: it rejects on the client's 'error' event, which comes first.
    const ended = new Promise((resolve) => client.once('end', resolve));
    if (admin) {
      await admin.query('SELECT pg_terminate_backend($1)', [client.processID]);
    } else {
      await t.app.database.embedded!.stopSocket();
      await t.app.database.embedded!.startSocket();
    }
    await Promise.race([ended, sleep(2000)]);
  }

  const createNamespace = (name: string) =>
    t.gql(
      `mutation ($input: CreateNamespaceInput!) { createNamespace(input: $input) { name properties { name } } }`,
      {
        input: {
          name,
          visibility: 'PUBLIC',
          properties: [{ name: 'hw:fault', type: 'STRING', title: 'Fault' }],
          resourceTypeAssociations: [{ name: 'OS::Nova::Flavor' }],
        },
      },
      WRITER,
    );

  /** The change log (numbered first, as `changes` does) and the namespaces, counted. */
  const head = async () => {
    await numberChanges(t);
    return (await t.app.database.dataSource.query(
      `SELECT (SELECT last_seq FROM change_log_head)::text AS head,
              (SELECT count(*) FROM change_log)::int AS records,
              (SELECT count(*) FROM namespaces)::int AS namespaces`,
    )) as { head: string; records: number; namespaces: number }[];
  };

  it('is SERVICE_UNAVAILABLE at every step of a mutation, and nothing is committed', async () => {
    statements = [];
    const name = unique('NS');
    const healthy = await createNamespace(name);
    expect(healthy.errors).toBeUndefined();
    const steps = statements.length;
    // START TRANSACTION with the actor, the quota's advisory lock, reads, inserts, COMMIT at least.
    expect(steps).toBeGreaterThanOrEqual(5);
    expect(statements[0]).toMatch(/^START TRANSACTION/);
    expect(statements[steps - 1]).toBe('COMMIT');
    expect(statements.some((sql) => /pg_advisory_xact_lock/.test(sql))).toBe(true);

    const answers: string[] = [];
    for (let step = 0; step < steps; step += 1) {
      const before = await head();
      failAt = step;
      const failedName = unique('NS');
      let failed;
      try {
        failed = await createNamespace(failedName);
      } finally {
        failAt = -1;
      }
      const error = expectError(failed, 'SERVICE_UNAVAILABLE');
      expect(error.message).not.toMatch(/runner|released|terminat|57P01/i);
      answers.push(`${step}: ${error.extensions?.code}`);

      // Nothing half-committed: no namespace, no change record (the service answers again meanwhile).
      let absent = await t.gql(`query ($name: String!) { namespace(name: $name) { name } }`, {
        name: failedName,
      });
      for (let attempt = 0; attempt < 20 && absent.errors; attempt += 1) {
        await sleep(100);
        absent = await t.gql(`query ($name: String!) { namespace(name: $name) { name } }`, {
          name: failedName,
        });
      }
      expect(absent).toEqual({ data: { namespace: null } });
      expect(await head()).toEqual(before);
    }
    expect(answers).toEqual(Array.from({ length: steps }, (_, step) => `${step}: SERVICE_UNAVAILABLE`));

    // And the service writes again afterwards.
    expect((await createNamespace(unique('NS'))).errors).toBeUndefined();
  });
});
