import type { MigrationInterface, QueryRunner } from 'typeorm';
import { STEP_SIGHT_SEQUENCE_FUNCTION } from './1763701500000-change-log-step-sight';

/** The channel and payload code before this migration reads (`<seq> <types>`): kept for one release. */
const LEGACY_CHANNEL = 'metacatalog_changes';
/** The channel code from this migration on reads: JSON with the payload's version `v`. */
const CHANNEL = 'metacatalog_change_feed';

const LEGACY_NOTIFY = `PERFORM pg_notify('${LEGACY_CHANNEL}', top::text || ' ' || types);`;

/** `change_log_sequence()` as this migration leaves it: both notifications. */
const SEQUENCE_FUNCTION = (() => {
  if (!STEP_SIGHT_SEQUENCE_FUNCTION.includes(LEGACY_NOTIFY)) throw new Error('the step NOTIFYs otherwise');
  return STEP_SIGHT_SEQUENCE_FUNCTION.replace(
    LEGACY_NOTIFY,
    `PERFORM pg_notify('${CHANNEL}', json_build_object('v', 2, 'seq', top::text, 'types', types)::text);
        -- What the previous release reads (until the release after this one).
        ${LEGACY_NOTIFY}`,
  );
})();

/**
 * What instances say to each other carries a version (rolling upgrades, docs/operations.md): a step that numbered
 * changes NOTIFYs `metacatalog_change_feed` with `{"v":2,"seq":"<highest seq>","types":"<node types>"}`, and, for
 * one release, `metacatalog_changes` with `<seq> <types>` as before, which the previous release's instances read.
 * An instance that receives a payload of a version it does not read stops being ready and closes its subscribers
 * with 4503 (they resume by cursor on another instance) instead of passing changes by.
 */
export class VersionedNotifications1763701800000 implements MigrationInterface {
  name = 'VersionedNotifications1763701800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(SEQUENCE_FUNCTION);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(STEP_SIGHT_SEQUENCE_FUNCTION);
  }
}
