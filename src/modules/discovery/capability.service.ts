import type { Context } from '../../common/context';
import { Capability } from './capability.entity';

export class CapabilityService {
  /**
   * Makes sure every key is a capability of the resource type; a key seen for the first time takes the
   * configured default privacy (CAPABILITY_DEFAULT_VISIBILITY). Race-safe: a concurrent writer of the same key
   * makes the insert do nothing, and the caller's next statement sees the committed row. Keys are inserted
   * in one (byte) order so that two writers of overlapping new keys wait for each other instead of deadlocking.
   */
  async ensure(tx: Context, resourceTypeId: number, names: string[]): Promise<void> {
    if (!names.length) return;
    await tx.db.query(
      `INSERT INTO capabilities (resource_type_id, name, private)
       SELECT $1, name, $2 FROM unnest($3::text[]) AS name ORDER BY name COLLATE "C"
       ON CONFLICT (resource_type_id, name) DO NOTHING`,
      [resourceTypeId, tx.config.capabilityDefaultVisibility === 'private', names],
    );
  }

  getByName(ctx: Context, resourceTypeId: number, name: string): Promise<Capability | null> {
    return ctx.db.getRepository(Capability).findOneBy({ resourceTypeId, name });
  }
}

export const capabilityService = new CapabilityService();
