import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  BackupFileError,
  RestoreRefusedError,
  checkBackup,
  restoreBackup,
  writeBackup,
  type CheckedBackup,
} from '../db/backup';
import { boot } from './runtime';

const plural = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
const total = (rows: Record<string, number>) => Object.values(rows).reduce((sum, count) => sum + count, 0);

/**
 * `metacatalog backup FILE` and `metacatalog restore FILE [--force]` (docs/backup.md). A backup also runs beside a
 * server that owns the embedded data folder (it reads through that server); a restore writes, so it needs the
 * database to itself.
 */
export function registerBackupCommands(program: Command, metacatalogVersion: string): void {
  program
    .command('backup')
    .argument('<file>', 'where to write it (gzip of JSON lines; replaced if it exists)')
    .description(
      'write every table of the database, at one point in time, into FILE (also beside a running server)',
    )
    .action(async (file: string) => {
      const runtime = await boot({ migrate: false, seed: false, readOnly: true });
      try {
        const started = Date.now();
        const summary = await writeBackup(runtime.database, resolve(file), {
          metacatalog: metacatalogVersion,
        });
        console.log(
          `backed up ${plural(total(summary.rows), 'row')} of ${plural(Object.keys(summary.rows).length, 'table')} ` +
            `(schema ${summary.migrations.at(-1) ?? 'empty'}) to ${summary.file}: ` +
            `${Math.ceil(summary.bytes / 1024)} KB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      } finally {
        await runtime.database.close();
      }
    });

  program
    .command('restore')
    .argument('<file>', 'a file written by `metacatalog backup`')
    .description('restore a backup into the database of the environment, which must be empty; all or nothing')
    .option('--force', 'replace whatever the database holds')
    .action(async (file: string, options: { force?: boolean }) => {
      const refused = (error: unknown) =>
        error instanceof BackupFileError || error instanceof RestoreRefusedError
          ? new Error(`${error.message.replace(/\.$/, '')}. Nothing was restored.`)
          : error;
      const started = Date.now();
      // The whole file is read and checked before the database is opened.
      let backup: CheckedBackup;
      try {
        backup = await checkBackup(resolve(file));
      } catch (error) {
        throw refused(error);
      }
      const runtime = await boot({ migrate: false, seed: false });
      try {
        const summary = await restoreBackup(runtime.database, backup, { force: options.force });
        for (const warning of summary.warnings) console.warn(`warning: ${warning}`);
        const { header } = summary;
        console.log(
          `restored ${plural(total(summary.rows), 'row')} of ${plural(Object.keys(summary.rows).length, 'table')} ` +
            `from a backup of ${header.createdAt} (${header.database}, metacatalog ${header.metacatalog}) ` +
            `into ${runtime.database.describe} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
            (summary.migrated.length ? `; then applied ${plural(summary.migrated.length, 'migration')}` : ''),
        );
      } catch (error) {
        throw refused(error);
      } finally {
        await runtime.database.close();
      }
    });
}
