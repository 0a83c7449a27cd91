import { Entity, Index, PrimaryColumn } from 'typeorm';

/** Which traits a provider has (the PK serves "traits of a provider", the index "providers with a trait"). */
@Entity('resource_provider_traits')
@Index('resource_provider_traits_trait_id_resource_provider_id_idx', ['traitId', 'resourceProviderId'])
export class ResourceProviderTrait {
  @PrimaryColumn({ type: 'int' })
  resourceProviderId: number;

  @PrimaryColumn({ type: 'int' })
  traitId: number;
}
