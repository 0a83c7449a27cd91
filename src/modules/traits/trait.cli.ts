import type { Command } from 'commander';
import type { Boot } from '../../common/commands';
import type { Context } from '../../common/context';
import { AppError } from '../../common/errors';
import { MAX_PAGE_SIZE } from '../../common/relay/paginate';
import type { TraitFilter } from './trait.inputs';
import { describeSyncReport, traitService } from './trait.service';

/** Runs one command against the database of the environment, as an admin, through the same services as GraphQL. */
async function withAdmin(
  boot: Boot,
  work: (ctx: Context) => Promise<void>,
  { readOnly = false } = {},
): Promise<void> {
  const runtime = await boot({ seed: false, readOnly });
  try {
    await work(runtime.adminContext());
  } catch (error) {
    // A user error (bad name, not found, in use): its message, and a failing exit code; no stack.
    if (!(error instanceof AppError)) throw error;
    console.error(`error: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await runtime.close();
  }
}

const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** `metacatalog traits list|add|remove|sync` (placement-manage os-traits sync and `openstack trait …`). */
export function registerTraitCommands(program: Command, boot: Boot): void {
  const traits = program.command('traits').description('list and manage traits (standard and custom)');

  traits
    .command('list')
    .description('print trait names, one a line (also beside a running server)')
    .option('--starts-with <prefix>', 'only names starting with this prefix, e.g. HW_CPU')
    .option('--names <names>', 'only these names (comma-separated) that exist')
    .action((options: { startsWith?: string; names?: string }) =>
      withAdmin(
        boot,
        async (ctx) => {
          const filter: TraitFilter = {
            startsWith: options.startsWith ?? null,
            names: options.names != null ? splitList(options.names) : null,
          };
          let after: string | null = null;
          for (;;) {
            const page = await traitService.list(ctx, { first: MAX_PAGE_SIZE, after, filter });
            for (const trait of page.items) console.log(trait.name);
            if (!page.hasNextPage) break;
            after = page.cursors[page.cursors.length - 1];
          }
        },
        { readOnly: true },
      ),
    );

  traits
    .command('add')
    .description('create a custom trait (CUSTOM_…)')
    .argument('<name>', 'e.g. CUSTOM_GOLD')
    .action((name: string) =>
      withAdmin(boot, async (ctx) => {
        const { created } = await traitService.create(ctx, name);
        console.log(created ? `created ${name}` : `${name} already exists`);
      }),
    );

  traits
    .command('remove')
    .description('delete a custom trait that no resource provider has')
    .argument('<name>')
    .action((name: string) =>
      withAdmin(boot, async (ctx) => {
        await traitService.delete(ctx, name);
        console.log(`removed ${name}`);
      }),
    );

  traits
    .command('sync')
    .description('add the standard traits of seeds/standard-traits.txt; report those no longer listed')
    .action(() =>
      withAdmin(boot, async (ctx) => {
        console.log(describeSyncReport(await traitService.sync(ctx)));
      }),
    );
}
