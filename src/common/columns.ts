import { CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * Timestamps are kept to the millisecond (what a JavaScript Date and a cursor can carry exactly), in UTC.
 */
export const CreatedAt = (): PropertyDecorator =>
  CreateDateColumn({ type: 'timestamptz', precision: 3, default: () => 'now()' });

export const UpdatedAt = (): PropertyDecorator =>
  UpdateDateColumn({ type: 'timestamptz', precision: 3, default: () => 'now()' });
