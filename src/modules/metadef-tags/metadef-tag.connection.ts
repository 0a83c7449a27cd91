import { ConnectionType } from '../../common/relay/connection.type';
import { MetadefTag } from './metadef-tag.entity';

export const MetadefTagConnection = ConnectionType('MetadefTag', MetadefTag);
export type MetadefTagConnection = InstanceType<typeof MetadefTagConnection>;
