import type { ClassOf } from '../common/module';
import { moduleEntities } from './modules';

/** Every TypeORM entity of the service (one list for the app, the CLI and the tests): the modules' (app/modules.ts). */
export const entities: ClassOf[] = [...moduleEntities];
