import { defineModule } from '../../common/module';
import { registerMetadefCommands } from './metadefs.cli';
import { defaultMetadefsSeeder, novaDefinitionsSeeder } from './metadefs.seed';

/** Definitions in Glance's file format: the default definitions' seed and the `metadefs` commands. */
export const metadefsIoModule = defineModule({
  name: 'metadefs-io',
  seeders: [defaultMetadefsSeeder, novaDefinitionsSeeder],
  commands: [registerMetadefCommands],
});
