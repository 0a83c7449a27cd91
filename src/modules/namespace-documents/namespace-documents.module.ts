import { defineModule } from '../../common/module';
import { NamespaceDocumentResolver } from './namespace-document.resolver';

/** A namespace with everything in it: createNamespace and the Glance importer's document. */
export const namespaceDocumentsModule = defineModule({
  name: 'namespace-documents',
  resolvers: [NamespaceDocumentResolver],
});
