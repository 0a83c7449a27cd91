import { defineModule } from '../../common/module';
import { ValidationResolver } from './validation.resolver';

/** validateMetadata: key/values checked against the catalog. */
export const validationModule = defineModule({
  name: 'validation',
  resolvers: [ValidationResolver],
  changes: [],
});
