import { Foundation1763700000000 } from './1763700000000-foundation';

/** Every migration, oldest first. Each module's tables arrive in their own migration, listed here. */
export const migrations = [Foundation1763700000000];
