/**
 * A copy of a catalog row shown with a resource type's prefix on its names. Rows may be cached by loaders and
 * shared within a request, so the prefix goes on a copy (same prototype, so getters and `instanceof` hold).
 */
export function withPrefix<T extends { prefix?: string | null }>(
  row: T,
  prefix: string | null | undefined,
): T {
  if (!prefix) return row;
  return Object.assign(Object.create(Object.getPrototypeOf(row) as object) as T, row, { prefix });
}
