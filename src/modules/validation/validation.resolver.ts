import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context';
import { JSONScalar } from '../../common/scalars';
import { MetadataValidation } from './metadata-validation.type';
import { validationService } from './validation.service';

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
    @Arg('resourceType') resourceType: string,
    @Arg('metadata', () => JSONScalar, {
      description: 'A JSON object of keys to strings, numbers, booleans or arrays of them.',
    })
    metadata: unknown,
  ): Promise<MetadataValidation> {
    return validationService.validate(ctx, resourceType, metadata);
  }
}
