import { ConnectionType } from '../../common/relay/connection.type';
import { Namespace } from './namespace.entity';

export const NamespaceConnection = ConnectionType('Namespace', Namespace);
export type NamespaceConnection = InstanceType<typeof NamespaceConnection>;
