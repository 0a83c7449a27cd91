import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Trait } from '../traits/trait.entity';
import { ResourceProvider } from './resource-provider.entity';

/** Which traits a provider has (the PK serves "traits of a provider", the index "providers with a trait"). */
@Entity('resource_provider_traits')
@Index('resource_provider_traits_trait_id_resource_provider_id_idx', ['traitId', 'resourceProviderId'])
export class ResourceProviderTrait {
  @PrimaryColumn({ type: 'int' })
  resourceProviderId: number;

  @PrimaryColumn({ type: 'int' })
  traitId: number;

  @ManyToOne(() => ResourceProvider, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'resource_provider_id' })
  resourceProvider?: ResourceProvider;

  /** A trait that a provider has cannot be deleted (deleteTrait says CONFLICT first). */
  @ManyToOne(() => Trait, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'trait_id' })
  trait?: Trait;
}
