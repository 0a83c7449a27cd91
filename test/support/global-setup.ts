import { prepareTestDatabase } from './prepared-database';

/** jest's globalSetup: the database every test server starts from, prepared once per run (prepared-database.ts). */
export default async function globalSetup(): Promise<void> {
  await prepareTestDatabase();
}
