import type { Context } from './context';

/** A started service as a module's CLI command sees it: a context acting as an admin, and a way to stop. */
export interface CommandRuntime {
  adminContext(projectId?: string): Context;
  close(): Promise<void>;
}

/**
 * Starts the service for one command (opens the database, migrates, seeds unless `seed: false`; neither when it
 * reads through a server that owns the embedded data folder: `readOnly`). The
 * composition root hands it to each module's `register…Commands`, so modules never import app/.
 */
export type Boot = (options?: {
  seed?: boolean;
  /** The command only reads: it also runs beside a server that owns the embedded data folder. */
  readOnly?: boolean;
}) => Promise<CommandRuntime>;
