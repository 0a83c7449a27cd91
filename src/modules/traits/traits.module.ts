import { defineModule } from '../../common/module';
import { registerTraitCommands } from './trait.cli';
import { PLACEMENT_POLICIES } from './trait.policy';
import { Trait } from './trait.entity';
import { TraitResolver, traitNode } from './trait.resolver';
import { traitRestRoutes } from './trait.rest';
import { standardTraitsSeeder } from './trait.seed';

/** Traits (standard os-traits and custom ones). */
export const traitsModule = defineModule({
  name: 'traits',
  entities: [Trait],
  resolvers: [TraitResolver],
  nodeTypes: [traitNode],
  seeders: [standardTraitsSeeder],
  policies: PLACEMENT_POLICIES,
  commands: [registerTraitCommands],
  rest: traitRestRoutes,

  versionedTables: { traits: ['traits'] },
  changeLogTables: ['traits'],
  reads: {
    Trait: ['traits'],
    // Whether a provider has the trait.
    'Trait.associated': ['resource_provider_traits'],
    TraitValidation: [],
    CreateTraitPayload: [],
    'Query.trait': ['traits'],
    'Query.traits': ['traits', 'resource_provider_traits'],
    'Query.validateTraits': ['traits'],
  },
});
