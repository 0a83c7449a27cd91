import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { ConnectionArgs } from '../../common/relay/page-args';
import { defineNodeType, numericKey } from '../../common/relay/node';
import { selectedNodeFields } from '../../common/relay/selection';
import { CreateTraitPayload, TraitConnection, TraitValidation } from './trait.connection';
import { CUSTOM_TRAIT_NAME, TRAIT_NAME_MAX, Trait } from './trait.entity';
import { PLACEMENT_READ_ACCESS, PLACEMENT_WRITE_ACCESS } from './trait.policy';
import { TraitFilter } from './trait.inputs';
import { associatedByTraitPk } from './trait.loaders';
import { traitService } from './trait.service';

export const traitNode = defineNodeType('Trait', (ctx, key) => {
  const pk = numericKey(key);
  return pk === null ? Promise.resolve(null) : traitService.getByPk(ctx, pk);
});

@Resolver(() => Trait)
export class TraitResolver {
  @Query(() => TraitConnection, {
    description: `Standard and custom traits, by name. ${PLACEMENT_READ_ACCESS}`,
  })
  async traits(
    @Ctx() ctx: Context,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => TraitFilter, { nullable: true, description: 'Which traits; null: all.' })
    filter: TraitFilter | undefined,
    @Info() info: GraphQLResolveInfo,
  ): Promise<TraitConnection> {
    return TraitConnection.from(await traitService.list(ctx, { ...page, filter }, selectedNodeFields(info)));
  }

  @Query(() => Trait, {
    nullable: true,
    description: `A trait by name; null if it does not exist. ${PLACEMENT_READ_ACCESS}`,
  })
  trait(
    @Ctx() ctx: Context,
    @Arg('name', { description: 'The trait name, e.g. HW_CPU_X86_AVX2.' }) name: string,
  ): Promise<Trait | null> {
    return traitService.getByName(ctx, name);
  }

  @Query(() => TraitValidation, {
    description: `Which of these names are traits of this cloud (service-to-service check). ${PLACEMENT_READ_ACCESS}`,
  })
  validateTraits(
    @Ctx() ctx: Context,
    @Arg('names', () => [String], {
      description: 'Trait names to check; any string (malformed ones are invalid).',
    })
    names: string[],
  ): Promise<TraitValidation> {
    return traitService.validate(ctx, names);
  }

  @FieldResolver(() => Boolean, { description: 'Whether at least one resource provider has this trait.' })
  associated(@Root() trait: Trait, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.get(associatedByTraitPk).load(trait.pk);
  }

  @Mutation(() => CreateTraitPayload, {
    description: `Creates a custom trait; created: false if it exists (nothing changes). BAD_USER_INPUT for a name that is not ${CUSTOM_TRAIT_NAME.source} or is longer than ${TRAIT_NAME_MAX} characters. ${PLACEMENT_WRITE_ACCESS}`,
  })
  createTrait(
    @Ctx() ctx: Context,
    @Arg('name', { description: 'The new trait name, e.g. CUSTOM_GOLD.' }) name: string,
  ): Promise<CreateTraitPayload> {
    return traitService.create(ctx, name);
  }

  @Mutation(() => Boolean, {
    description: `Deletes a custom trait; returns true. BAD_USER_INPUT for a standard trait, NOT_FOUND for an unknown one, CONFLICT while a provider has it. ${PLACEMENT_WRITE_ACCESS}`,
  })
  deleteTrait(
    @Ctx() ctx: Context,
    @Arg('name', { description: 'The custom trait name.' }) name: string,
  ): Promise<boolean> {
    return traitService.delete(ctx, name);
  }
}
