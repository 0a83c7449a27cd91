import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { registerBackupCommands } from './app/backup-commands';
import { registerPolicyCommands } from './app/policy-commands';
import { policyFor } from './app/policy';
import { PolicyLoadError } from './common/policy/engine';
import { createLogger } from './app/logger';
import { boot, tuneHeap, type Runtime } from './app/runtime';
import { moduleCommands } from './app/modules';
import { printAppSchema } from './app/schema';
import { seeders } from './app/seeds';
import { createApp, type App } from './app/server';
import type { Boot } from './common/commands';
import { projectRoot } from './config/paths';
import { ConfigError, loadConfig, type Config } from './config';
import { configurationReference } from './config/reference';
import { DataFolderError } from './db/data-folder-lock';
import { migrationStatus, undoLastMigration } from './db/migrate';
import { SchemaTooNewError } from './db/schema-compat';
import { runSeeds } from './db/seed';

/** Errors already logged (as JSON, by serve): the entry point only exits with their code. */
const reported = new WeakSet<object>();

/**
 * Why serve could not start, as one JSON line on stderr: for what an operator fixes (a setting, the data
 * folder) the message alone, for anything else the error with its stack.
 */
function reportedAsJson(logLevel: string, error: unknown): unknown {
  const logger = createLogger(logLevel, 2);
  if (error instanceof ConfigError) logger.fatal(`configuration error: ${error.message}`);
  else if (error instanceof PolicyLoadError) logger.fatal(`policy error: ${error.message}`);
  else if (error instanceof DataFolderError || error instanceof SchemaTooNewError)
    logger.fatal(error.message);
  else logger.fatal({ err: error }, 'could not start');
  if (error instanceof Object) reported.add(error);
  return error;
}

/** After SHUTDOWN_TIMEOUT_MS of draining, how long closing the database may take before we give up. */
const CLOSE_GRACE_MS = 5000;

/**
 * `metacatalog serve`: every line it writes is JSON (pino), errors included. SIGTERM/SIGINT stop it gracefully:
 * not ready but still serving for SHUTDOWN_DELAY_MS, then no new connections, in-flight requests finish (up to
 * SHUTDOWN_TIMEOUT_MS), the database is closed, "stopped" is logged and the process exits 0. A signal during start-up stops it as soon as it is up.
 */
async function serve(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    throw reportedAsJson('info', error);
  }
  tuneHeap(config);
  const logger = createLogger(config.observability.logLevel);
  try {
    // A policy file that does not load stops the start before anything else, naming its line.
    policyFor(config, logger);
  } catch (error) {
    throw reportedAsJson(config.observability.logLevel, error);
  }
  const crash = (what: string) => (error: unknown) => {
    logger.fatal({ err: error }, what);
    process.exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled promise rejection'));

  let app: App | undefined;
  let signalled = false;
  const stop = (running: App) =>
    running.stop().then(() => {
      logger.info('stopped');
      process.exit(0);
    }, crash('error while stopping'));
  const onSignal = (signal: NodeJS.Signals) => {
    // A second signal (Ctrl-C reaches npm and the server both) must not kill the drain half-way.
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(
      () => {
        logger.error('shutdown timed out; exiting');
        process.exit(1);
      },
      Math.min(config.http.shutdownDelayMs + config.http.shutdownTimeoutMs + CLOSE_GRACE_MS, 2 ** 31 - 1),
    );
    timer.unref();
    if (app) void stop(app);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  let runtime: Runtime | undefined;
  try {
    runtime = await boot({ config, logger });
    if (config.auth.mode === 'noauth2') {
      logger.warn(
        'AUTH_MODE=noauth2: every request is who its X-Auth-Token says ("admin" is an admin). For tests and development only.',
      );
    }
    if (config.auth.mode === 'none') {
      logger.warn(
        'AUTH_MODE=none: every request is an admin of project "default". Use AUTH_MODE=keystone, headers or jwt in production.',
      );
    }
    app = await createApp(runtime);
    const url = await app.listen();
    runtime.database.announce(url);
    logger.info(
      { url, pid: process.pid, database: runtime.database.describe, authMode: config.auth.mode },
      `metacatalog listening on ${url}`,
    );
  } catch (error) {
    await (app ? app.stop() : runtime?.database.close())?.catch(crash('error while stopping'));
    throw reportedAsJson(config.observability.logLevel, error);
  }
  if (signalled) void stop(app);
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** What module commands get: the runtime, acting as an admin, closed when the command is done. */
const bootForCommand: Boot = async (options) => {
  const runtime = await boot(options);
  return { adminContext: runtime.adminContext, close: () => runtime.database.close() };
};

export function buildProgram(): Command {
  const program = new Command()
    .name('metacatalog')
    .description(
      'The metadata catalog of a cloud: definitions, traits, tags and property discovery (GraphQL).',
    )
    .version(packageVersion())
    .showHelpAfterError();

  program
    .command('serve', { isDefault: true })
    .description('run the GraphQL server (applies migrations and seeds first)')
    .action(serve);

  program
    .command('migrate')
    .description('apply pending database migrations')
    .addOption(new Option('--undo', 'revert the newest migration instead'))
    .addOption(
      new Option('--status', 'list the applied and the pending migrations, changing nothing').conflicts(
        'undo',
      ),
    )
    .action(async (options: { undo?: boolean; status?: boolean }) => {
      const runtime = await boot({
        migrate: !options.undo && !options.status,
        seed: false,
        // --status only reads: beside a running embedded server it reads through it.
        readOnly: !!options.status,
      });
      try {
        if (options.status) {
          const { applied, pending } = await migrationStatus(runtime.database);
          for (const name of applied) console.log(`applied  ${name}`);
          for (const name of pending) console.log(`pending  ${name}`);
          console.log(`${applied.length} applied, ${pending.length} pending`);
        } else if (options.undo) {
          const undone = await undoLastMigration(runtime.database);
          console.log(undone ? `reverted ${undone}` : 'no migration to revert');
        } else {
          console.log('migrations are up to date');
        }
      } finally {
        await runtime.database.close();
      }
    });

  program
    .command('seed')
    .description('apply the reference data (resource types, standard traits, default definitions)')
    .option('--force', 'also re-run one-time seeds (default definitions) that were already applied')
    .action(async (options: { force?: boolean }) => {
      const runtime = await boot({ seed: false });
      try {
        for (const line of await runSeeds(runtime.adminContext(), seeders, { force: options.force }))
          console.log(line);
      } finally {
        await runtime.database.close();
      }
    });

  program
    .command('schema')
    .description('print the GraphQL schema (SDL)')
    .option('--out <file>', 'write it to a file instead')
    .action((options: { out?: string }) => {
      const sdl = printAppSchema();
      if (options.out) writeFileSync(options.out, sdl);
      else process.stdout.write(sdl);
    });

  program
    .command('config-reference')
    .description(
      'print the configuration reference (Markdown: every environment variable, its default and bounds)',
    )
    .option('--out <file>', 'write it to a file instead (docs/configuration.md)')
    .action((options: { out?: string }) => {
      const reference = configurationReference();
      if (options.out) writeFileSync(options.out, reference);
      else process.stdout.write(reference);
    });

  // Each module's commands (its manifest's `commands`), in module order.
  for (const register of moduleCommands) register(program, bootForCommand);
  registerBackupCommands(program, packageVersion());
  registerPolicyCommands(program);

  return program;
}

/** The CLI's entry point (`bin/metacatalog.js`, whatever name or symlink it is started through). */
export async function main(argv: string[] = process.argv): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    if (!reported.has(error as object)) {
      console.error(
        error instanceof ConfigError
          ? `configuration error: ${error.message}`
          : error instanceof Error
            ? error.message
            : error,
      );
    }
    // A failed command may leave the database open: exit rather than wait for it.
    process.exit(error instanceof ConfigError ? 2 : 1);
  }
}

// Run directly (`node dist/src/main.js`, or the sources under a TypeScript hook in tests) as the bin runs it.
if (require.main === module) void main();
