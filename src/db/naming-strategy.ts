import { DefaultNamingStrategy, type NamingStrategyInterface, type Table } from 'typeorm';

const snake = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const tableName = (tableOrName: Table | string): string =>
  (typeof tableOrName === 'string' ? tableOrName : tableOrName.name).split('.').pop()!;

/**
 * Columns are snake_case in the database and camelCase in code; tables are named on each entity. Constraint
 * and index names are PostgreSQL's own defaults (`namespaces_pkey`, `namespaces_name_key`,
 * `namespace_resource_types_namespace_id_fkey`), so hand-written migrations and entities agree.
 */
export class SnakeNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  columnName(propertyName: string, customName: string | undefined, embeddedPrefixes: string[]): string {
    return customName ?? snake([...embeddedPrefixes, propertyName].join('_'));
  }

  relationName(propertyName: string): string {
    return snake(propertyName);
  }

  joinColumnName(relationName: string, referencedColumnName: string): string {
    return snake(`${relationName}_${referencedColumnName}`);
  }

  primaryKeyName(tableOrName: Table | string): string {
    return `${tableName(tableOrName)}_pkey`;
  }

  uniqueConstraintName(tableOrName: Table | string, columnNames: string[]): string {
    return `${tableName(tableOrName)}_${columnNames.join('_')}_key`;
  }

  foreignKeyName(tableOrName: Table | string, columnNames: string[]): string {
    return `${tableName(tableOrName)}_${columnNames.join('_')}_fkey`;
  }

  indexName(tableOrName: Table | string, columnNames: string[]): string {
    return `${tableName(tableOrName)}_${columnNames.join('_')}_idx`;
  }
}
