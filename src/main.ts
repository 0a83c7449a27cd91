import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { boot } from './app/runtime';
import type { Boot } from './common/commands';
import { printAppSchema } from './app/schema';
import { seeders } from './app/seeds';
import { createApp } from './app/server';
import { ConfigError, loadConfig } from './config';
import { undoLastMigration } from './db/migrate';
import { runSeeds } from './db/seed';
import { registerMetadefCommands } from './modules/metadefs-io/metadefs.cli';
import { registerTraitCommands } from './modules/traits/trait.cli';

async function serve(): Promise<void> {
  const runtime = await boot();
  const { config, logger } = runtime;
  if (config.authMode === 'none') {
    logger.warn(
      'AUTH_MODE=none: every request is an admin of project "default". Use AUTH_MODE=keystone, headers or jwt in production.',
    );
  }
  const app = await createApp(runtime);
  const url = await app.listen();
  runtime.database.announce(url);
  logger.info(
    { url, database: runtime.database.describe, authMode: config.authMode },
    `metacatalog listening on ${url}`,
  );

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
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
    .showHelpAfterError();

  program
    .command('serve', { isDefault: true })
    .description('run the GraphQL server (applies migrations and seeds first)')
    .action(serve);

  program
    .command('migrate')
    .description('apply pending database migrations')
    .addOption(new Option('--undo', 'revert the newest migration instead'))
    .action(async (options: { undo?: boolean }) => {
      const runtime = await boot({ migrate: !options.undo, seed: false });
      try {
        if (options.undo) {
          await undoLastMigration(runtime.database);
          console.log('reverted the newest migration');
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

  registerMetadefCommands(program, bootForCommand);
  registerTraitCommands(program, bootForCommand);

  return program;
}

if (require.main === module || process.argv[1]?.endsWith('metacatalog.js')) {
  try {
    loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  buildProgram()
    .parseAsync(process.argv)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
