import type { Logger, QueryRunner } from 'typeorm';

/**
 * A TypeORM logger that counts the SQL statements sent, so that tests can assert that a list query's
 * statement count does not grow with the number of rows (N+1 guard). It also hands slow queries to the
 * application logger.
 */
export class QueryCounter implements Logger {
  count = 0;
  private readonly statements: string[] = [];
  recording = false;

  constructor(private readonly onSlow?: (ms: number, query: string) => void) {}

  logQuery(query: string, _parameters?: unknown[], _queryRunner?: QueryRunner): void {
    this.count += 1;
    if (this.recording) this.statements.push(query);
  }

  logQueryError(): void {}

  logQuerySlow(time: number, query: string): void {
    this.onSlow?.(time, query);
  }

  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}

  /** Counts the statements `fn` sends (tests only: the counter is shared by every query of the process). */
  async measure<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; statements: string[] }> {
    const before = this.count;
    this.statements.length = 0;
    this.recording = true;
    try {
      const result = await fn();
      return { result, count: this.count - before, statements: [...this.statements] };
    } finally {
      this.recording = false;
    }
  }
}
