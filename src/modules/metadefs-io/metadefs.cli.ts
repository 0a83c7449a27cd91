import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Boot } from '../../common/commands';
import type { Context } from '../../common/context';
import { seedsPath } from '../../common/paths';
import { metadefsService } from './metadefs.service';

async function withAdmin<T>(
  boot: Boot,
  owner: string,
  work: (ctx: Context) => Promise<T>,
  { readOnly = false } = {},
): Promise<T> {
  const runtime = await boot({ readOnly });
  try {
    return await work(runtime.adminContext(owner));
  } finally {
    await runtime.close();
  }
}

/** `metacatalog metadefs load|export|unload`: Glance's db_load_metadefs, db_export_metadefs, db_unload_metadefs. */
export function registerMetadefCommands(program: Command, boot: Boot): void {
  const metadefs = program
    .command('metadefs')
    .description('load, export and unload metadata definitions in Glance definition-file format');

  metadefs
    .command('load')
    .argument('[dir]', 'folder of *.json definition files (Glance etc/metadefs format)')
    .description('create the namespaces of the files that do not exist yet (existing ones are skipped)')
    .option(
      '--glance-defaults',
      "load Glance's 33 default definition files (shipped in seeds/glance-metadefs) instead of a folder",
    )
    .option('--merge', 'also add missing associations, properties, objects and tags to existing namespaces')
    .option('--prefer-new', 'with --merge: the files replace existing definitions and namespace fields')
    .option('--overwrite', 'replace existing namespaces entirely (protected ones too)')
    .option('--owner <project>', 'owner of namespaces whose file names none', 'admin')
    .action(
      async (
        dir: string | undefined,
        options: {
          glanceDefaults?: boolean;
          merge?: boolean;
          preferNew?: boolean;
          overwrite?: boolean;
          owner: string;
        },
      ) => {
        if (Boolean(dir) === Boolean(options.glanceDefaults)) {
          throw new Error('metadefs load: give a folder or --glance-defaults (one of them)');
        }
        const folder = dir ? resolve(dir) : seedsPath('glance-metadefs');
        const report = await withAdmin(boot, options.owner, (ctx) =>
          metadefsService.loadDirectory(ctx, folder, options),
        );
        console.log(
          `created ${report.created.length}, merged ${report.merged.length}, replaced ${report.replaced.length}, skipped ${report.skipped.length}`,
        );
        for (const name of report.skipped) console.log(`skipped (exists): ${name}`);
        for (const warning of report.warnings) console.warn(`warning: ${warning}`);
      },
    );

  metadefs
    .command('export')
    .argument('<dir>', 'folder to write one <namespace>.json per namespace into (created if missing)')
    .description('write every namespace as a Glance definition file (also beside a running server)')
    .option(
      '--glance',
      "Glance's own format only: without complete, parameters, deprecated, caseInsensitive and lenient, and without parameterized properties",
    )
    .action(async (dir: string, options: { glance?: boolean }) => {
      const { files, leftOut } = await withAdmin(
        boot,
        'admin',
        (ctx) => metadefsService.exportDirectory(ctx, resolve(dir), { glance: options.glance }),
        { readOnly: true },
      );
      console.log(`exported ${files.length} namespaces to ${resolve(dir)}`);
      for (const item of leftOut) console.warn(`left out (no Glance equivalent): ${item}`);
    });

  metadefs
    .command('unload')
    .description('delete every namespace with its properties, objects and tags (resource types stay)')
    .action(async () => {
      const count = await withAdmin(boot, 'admin', (ctx) => metadefsService.unload(ctx));
      console.log(`deleted ${count} namespaces`);
    });
}
