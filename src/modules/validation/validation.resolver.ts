import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context';
import { JSONScalar } from '../../common/scalars';
import { MetadataValidation } from './metadata-validation.type';
import { METADATA_KEY_MAX, METADATA_MAX_KEYS, validationService } from './validation.service';

@Resolver()
export class ValidationResolver {
  @Query(() => MetadataValidation, {
    description:
      'Checks key/values, as a user would put them on a resource of this type (flavor extra specs, image ' +
      'properties), against the catalog: types, constraints and multivalue operators. NOT_FOUND for an ' +
      'unknown resource type.',
  })
  validateMetadata(
    @Ctx() ctx: Context,
    @Arg('resourceType', { description: 'The resource type the values are for, e.g. OS::Nova::Flavor.' })
    resourceType: string,
    @Arg('metadata', () => JSONScalar, {
      description: `A JSON object of at most ${METADATA_MAX_KEYS} keys (1–${METADATA_KEY_MAX} characters) to strings, numbers, booleans or arrays of them; BAD_USER_INPUT otherwise.`,
    })
    metadata: unknown,
  ): Promise<MetadataValidation> {
    return validationService.validate(ctx, resourceType, metadata);
  }
}
