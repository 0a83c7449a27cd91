import { ConnectionType } from '../../common/relay/connection.type';
import { ResourceProvider } from './resource-provider.entity';

export const ResourceProviderConnection = ConnectionType('ResourceProvider', ResourceProvider);
export type ResourceProviderConnection = InstanceType<typeof ResourceProviderConnection>;
