import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context';
import { defineNodeType, numericKey } from '../../common/relay/node';
import { CreateTraitPayload, TraitConnection, TraitValidation } from './trait.connection';
import { Trait } from './trait.entity';
import { TraitFilter } from './trait.inputs';
import { associatedByTraitPk, traitByPk } from './trait.loaders';
import { traitService } from './trait.service';

export const traitNode = defineNodeType('Trait', (ctx, key) => {
  const pk = numericKey(key);
  return pk === null ? Promise.resolve(null) : ctx.loaders.get(traitByPk).load(pk);
});

@Resolver(() => Trait)
export class TraitResolver {
  @Query(() => TraitConnection, { description: 'Standard and custom traits, by name. Open to everyone.' })
  async traits(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('last', () => Int, { nullable: true }) last?: number,
    @Arg('before', () => String, { nullable: true }) before?: string,
    @Arg('filter', () => TraitFilter, { nullable: true }) filter?: TraitFilter,
  ): Promise<TraitConnection> {
    return TraitConnection.from(await traitService.list(ctx, { first, after, last, before, filter }));
  }

  @Query(() => Trait, { nullable: true, description: 'A trait by name; null if it does not exist.' })
  trait(@Ctx() ctx: Context, @Arg('name') name: string): Promise<Trait | null> {
    return traitService.getByName(ctx, name);
  }

  @Query(() => TraitValidation, {
    description: 'Which of these names are traits of this cloud (service-to-service check).',
  })
  validateTraits(
    @Ctx() ctx: Context,
    @Arg('names', () => [String]) names: string[],
  ): Promise<TraitValidation> {
    return traitService.validate(ctx, names);
  }

  @FieldResolver(() => Boolean, { description: 'Whether at least one resource provider has this trait.' })
  associated(@Root() trait: Trait, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.get(associatedByTraitPk).load(trait.pk);
  }

  @Mutation(() => CreateTraitPayload, {
    description:
      'Creates a custom trait (^CUSTOM_[A-Z0-9_]+$, at most 255 characters); created: false if it exists. Admins and services.',
  })
  createTrait(@Ctx() ctx: Context, @Arg('name') name: string): Promise<CreateTraitPayload> {
    return traitService.create(ctx, name);
  }

  @Mutation(() => Boolean, {
    description:
      'Deletes a custom trait: BAD_USER_INPUT for a standard trait, CONFLICT while a provider has it. Admins and services.',
  })
  deleteTrait(@Ctx() ctx: Context, @Arg('name') name: string): Promise<boolean> {
    return traitService.delete(ctx, name);
  }
}
