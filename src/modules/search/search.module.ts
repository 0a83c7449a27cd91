import { defineModule } from '../../common/module';
import { PropertySearchResolver } from './property-search.resolver';

/** Free-text search over property definitions. */
export const searchModule = defineModule({
  name: 'search',
  resolvers: [PropertySearchResolver],
  changes: [],
});
