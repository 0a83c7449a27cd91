import { CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * Timestamps are kept to the millisecond (what a JavaScript Date and a cursor can carry exactly), in UTC.
 */
export const CreatedAt = (): PropertyDecorator =>
  CreateDateColumn({ type: 'timestamptz', precision: 3, default: () => 'now()' });

export const UpdatedAt = (): PropertyDecorator =>
  UpdateDateColumn({ type: 'timestamptz', precision: 3, default: () => 'now()' });

/** The descriptions of the timestamp fields, the same on every type that has them. */
export const TIMESTAMP_DOCS = {
  createdAt: 'When it was created (UTC, to the millisecond).',
  updatedAt: 'When it last changed (UTC, to the millisecond); at first its creation time.',
} as const;
