/**
 * The change log's runtime: reading it (read.ts), numbering what committed (sequencer.ts), pruning it (prune.ts),
 * and the instance's feed that delivers it (feed.ts).
 */
export * from './feed';
export * from './prune';
export * from './read';
export * from './sequencer';
