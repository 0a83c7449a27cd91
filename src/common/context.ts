import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { Config } from '../config';
import type { InstanceState } from './changes';
import type { Identity } from './identity/identity';
import type { LoaderCache } from './loaders';

/**
 * What every service method takes first: who asks, the database manager to use (the transaction's inside a
 * mutation), the request's loaders, configuration and logger.
 */
export interface Context {
  requestId: string;
  identity: Identity;
  config: Config;
  db: EntityManager;
  loaders: LoaderCache;
  logger: Logger;
  /** This service instance's change feed and the caches built on it (shared by every request). */
  instance: InstanceState;
  /**
   * Runs `work` in one transaction, with a context whose `db` and `loaders` use it: every query inside must
   * go through that context (with the embedded database's single connection, any other query would wait
   * forever). A failure rolls everything back. Loaders of the outer context are cleared afterwards.
   */
  transaction<T>(work: (tx: Context) => Promise<T>): Promise<T>;
}
