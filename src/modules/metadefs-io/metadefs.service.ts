import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, TxContext } from '../../common/context';
import { InputError } from '../../common/errors';
import { MetadefTag } from '../metadef-tags/metadef-tag.entity';
import { tagsByNamespacePk } from '../metadef-tags/metadef-tag.loaders';
import { metadefTagService } from '../metadef-tags/metadef-tag.service';
import { NamespaceResourceType } from '../namespaces/namespace-resource-type.entity';
import { Visibility } from '../../common/visibility';
import { Namespace } from '../namespaces/namespace.entity';
import { associationsByNamespacePk } from '../namespaces/namespace.loaders';
import { namespaceService } from '../namespaces/namespace.service';
import { nameActor } from '../../common/actor';
import {
  namespaceDocumentService,
  type NamespaceDocument,
} from '../namespace-documents/namespace-document.service';
import { objectsByNamespacePk } from '../properties/object.loaders';
import { objectService, type ObjectDoc } from '../properties/object.service';
import { propertiesByNamespacePk, propertiesByObjectPk } from '../properties/property.loaders';
import { checkPropertySchema } from '../properties/property-schema';
import { checkProperty, propertyService, type PropertyDoc } from '../properties/property.service';
import type { PropertySchema } from '../properties/property.entity';
import {
  exportFileName,
  glanceTextValue,
  parseGlanceDocument,
  type ExportedNamespaceDocument,
  type GlanceNamespaceDocument,
} from './glance-format';

export interface LoadOptions {
  /** Add what is missing to namespaces that exist (default: skip them). */
  merge?: boolean;
  /** With merge: the file's definitions replace existing ones of the same name, and its namespace fields win. */
  preferNew?: boolean;
  /** Replace existing namespaces entirely (even protected ones). */
  overwrite?: boolean;
  /** Owner project of namespaces whose file names none (default "admin"). */
  owner?: string;
}

export interface LoadReport {
  created: string[];
  merged: string[];
  replaced: string[];
  skipped: string[];
  /** What a load changed to make a file acceptable (duplicate enum values dropped). */
  warnings: string[];
}

/**
 * Values of a property that Glance's API stores as text (see glanceTextValue) as the typed values they stand
 * for: `enum` (and `items.enum`, by the items' type) when every value of it converts exactly, and `default`
 * when it converts exactly; each conversion is reported as a warning. Anything else is left as it is: an enum
 * with a value that does not convert fails the file as any invalid enum does, a default that does not convert
 * is dropped by repairForLoad.
 */
function typedFromGlanceText(place: string, doc: Record<string, unknown>, warnings?: string[]) {
  const result: Record<string, unknown> = { ...doc };
  const convertEnum = (values: unknown, type: unknown, where: string): unknown => {
    if (!Array.isArray(values) || !values.length || !values.every((value) => typeof value === 'string'))
      return values;
    const typed = values.map((value: string) => glanceTextValue(type, value));
    if (typed.some((value) => value === undefined)) return values;
    warnings?.push(`${where}: read ${JSON.stringify(values)} as ${JSON.stringify(typed)} (${type} values)`);
    return typed;
  };
  if (result.enum !== undefined) result.enum = convertEnum(result.enum, result.type, `${place}.enum`);
  const items = result.items as Record<string, unknown> | undefined;
  if (items && typeof items === 'object' && items.enum !== undefined) {
    result.items = { ...items, enum: convertEnum(items.enum, items.type, `${place}.items.enum`) };
  }
  if (typeof result.default === 'string') {
    const typed = glanceTextValue(result.type, result.default);
    if (typed !== undefined) {
      warnings?.push(
        `${place}.default: read ${JSON.stringify(result.default)} as ${JSON.stringify(typed)} (${String(result.type)})`,
      );
      result.default = typed;
    }
  }
  return result;
}

/**
 * What a load repairs, and nothing else (docs/catalog.md lists it; each repair is a warning of the report):
 * 1. values Glance's API stores as text, read as the typed values they stand for when the text is exactly what
 *    Glance writes for one (typedFromGlanceText, glanceTextValue): `default` ("3" → 3, "1.5" → 1.5,
 *    "True" → true) and enum values (["1", "2"] → [1, 2]);
 * 2. duplicate enum values (Glance's own compute-host-capabilities and software-databases have some): the
 *    repeats are dropped, the first occurrence kept;
 * 3. a default that is invalid for its property once the above is done (outside its enum, as software-databases'
 *    sw_database_oracle_edition "Express"; or a text that does not convert exactly, as "3.0" for an integer):
 *    dropped, the warning naming the property and the value.
 * Anything else invalid fails the file.
 */
function repairForLoad(place: string, doc: Record<string, unknown>, warnings?: string[]) {
  const dedupe = (values: unknown, where: string): unknown => {
    if (!Array.isArray(values)) return values;
    const seen = new Set<string>();
    return values.filter((value) => {
      const key = JSON.stringify(value);
      if (!seen.has(key)) {
        seen.add(key);
        return true;
      }
      warnings?.push(`${where}: dropped duplicate enum value ${key}`);
      return false;
    });
  };
  const result = typedFromGlanceText(place, doc, warnings);
  if (result.enum !== undefined) result.enum = dedupe(result.enum, `${place}.enum`);
  const items = result.items as Record<string, unknown> | undefined;
  if (items && typeof items === 'object' && items.enum !== undefined) {
    result.items = { ...items, enum: dedupe(items.enum, `${place}.items.enum`) };
  }
  if (result.default !== undefined) {
    const problems = checkPropertySchema(result, 'p').problems;
    if (problems.length && problems.every((problem) => problem.field === 'p.default')) {
      const { default: dropped, ...rest } = result;
      if (!checkPropertySchema(rest, 'p').problems.length) {
        const why =
          typeof dropped === 'string' && result.type !== 'string'
            ? `not an exact ${String(result.type)} value as Glance writes one`
            : problems[0].message;
        warnings?.push(`${place}.default: dropped ${JSON.stringify(dropped)} (${why})`);
        return rest;
      }
    }
  }
  return result;
}

/** The keys of a property document that are ours, not Glance's (docs/catalog.md, "Beyond Glance's format"). */
const EXTENSION_KEYS = ['parameters', 'deprecated', 'caseInsensitive', 'lenient'] as const;

/**
 * A document in Glance's own format: without `complete`, without our property keys, and without parameterized
 * properties (a Glance property is one key); each left out thing is named in `leftOut`.
 */
export function asGlanceDocument(
  doc: ExportedNamespaceDocument,
  leftOut: string[],
): ExportedNamespaceDocument {
  const { complete: _complete, ...rest } = doc;
  const properties = (list: Record<string, PropertySchema> | undefined, place: string) => {
    if (!list) return list;
    const kept: Record<string, PropertySchema> = {};
    for (const [name, schema] of Object.entries(list)) {
      if (schema.parameters?.length) {
        leftOut.push(`${doc.namespace}: ${place}${name} (parameterized)`);
        continue;
      }
      const plain = { ...schema };
      for (const key of EXTENSION_KEYS) delete plain[key];
      kept[name] = plain;
    }
    return kept;
  };
  return {
    ...rest,
    ...(doc.properties ? { properties: properties(doc.properties, '') } : {}),
    ...(doc.objects
      ? {
          objects: doc.objects.map((object) => ({
            ...object,
            properties: properties(object.properties as Record<string, PropertySchema>, `${object.name}.`),
          })),
        }
      : {}),
  };
}

/** `place` prefixes warnings: '' for the namespace, `objects["Oracle"].` for an object's properties. */
const propertyDocs = (
  properties: Record<string, unknown> | undefined,
  warnings?: string[],
  place = '',
): PropertyDoc[] =>
  Object.entries(properties ?? {}).map(([name, doc]) => {
    // The key names the property. Glance's API stores the name inside the document too: it is set aside before
    // the repairs, whose checks would otherwise see an unknown key and repair nothing.
    const { name: _inside, ...rest } = doc as Record<string, unknown>;
    return { ...repairForLoad(`${place}properties[${JSON.stringify(name)}]`, rest, warnings), name };
  });

const objectDocs = (doc: GlanceNamespaceDocument, warnings?: string[]): ObjectDoc[] =>
  (doc.objects ?? []).map((object) => ({
    name: object.name,
    description: object.description ?? null,
    required: object.required ?? null,
    properties: propertyDocs(object.properties, warnings, `objects[${JSON.stringify(object.name)}].`),
  }));

/** Field paths of our inputs (`input.properties.3.maximum`) as places in the file (`properties["x"].maximum`). */
function describeProblems(error: InputError, doc: GlanceNamespaceDocument): string {
  const propertyNames = Object.keys(doc.properties ?? {});
  const objects = doc.objects ?? [];
  const where = (field: string) =>
    field
      .replace(
        /^(?:input\.)?properties\.(\d+)/,
        (_m, i: string) => `properties[${JSON.stringify(propertyNames[+i])}]`,
      )
      .replace(
        /^(?:input\.)?objects\.(\d+)\.properties\.(\d+)/,
        (_m, o: string, p: string) =>
          `objects[${JSON.stringify(objects[+o]?.name)}].properties[${JSON.stringify(
            Object.keys(objects[+o]?.properties ?? {})[+p],
          )}]`,
      )
      .replace(
        /^(?:input\.)?objects\.(\d+)/,
        (_m, o: string) => `objects[${JSON.stringify(objects[+o]?.name)}]`,
      )
      .replace(/^input\./, '');
  return error.problems.map((problem) => `${where(problem.field)}: ${problem.message}`).join('; ');
}

export class MetadefsService {
  /** Reads and checks every *.json file of a folder, by file name. */
  readDirectory(dir: string): { file: string; doc: GlanceNamespaceDocument }[] {
    return readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => {
        const source = join(dir, file);
        let json: unknown;
        try {
          json = JSON.parse(readFileSync(source, 'utf8'));
        } catch (error) {
          throw new Error(`${source}: not valid JSON (${String(error)})`);
        }
        return { file: source, doc: parseGlanceDocument(json, source) };
      });
  }

  /** Loads every definition file of a folder (one transaction per namespace); see LoadOptions. */
  async loadDirectory(ctx: Context, dir: string, options: LoadOptions = {}): Promise<LoadReport> {
    const report: LoadReport = { created: [], merged: [], replaced: [], skipped: [], warnings: [] };
    for (const { file, doc } of this.readDirectory(dir)) {
      const warnings: string[] = [];
      const outcome = await this.loadDocument(ctx, doc, options, warnings).catch((error: unknown) => {
        if (error instanceof InputError) throw new Error(`${file}: ${describeProblems(error, doc)}`);
        if (error instanceof Error) throw new Error(`${file}: ${error.message}`);
        throw error;
      });
      report[outcome].push(doc.namespace);
      report.warnings.push(...warnings.map((warning) => `${file}: ${warning}`));
    }
    return report;
  }

  /** Loads one namespace document in one transaction. */
  loadDocument(
    ctx: Context,
    doc: GlanceNamespaceDocument,
    options: LoadOptions = {},
    warnings: string[] = [],
  ): Promise<'created' | 'merged' | 'replaced' | 'skipped'> {
    return ctx.transaction(async (tx) => {
      // The change log records the importer's writes as such.
      await nameActor(tx, { via: 'import', project: tx.identity.projectId, user: tx.identity.userId });
      const repository = tx.db.getRepository(Namespace);
      const existing = await repository.findOneBy({ name: doc.namespace });
      if (existing && options.overwrite) {
        await repository.delete({ pk: existing.pk });
        await this.create(tx, doc, options, warnings);
        return 'replaced';
      }
      if (existing && !options.merge) return 'skipped';
      if (existing) {
        await this.merge(tx, existing, doc, options, warnings);
        return 'merged';
      }
      await this.create(tx, doc, options, warnings);
      return 'created';
    });
  }

  private async create(
    tx: TxContext,
    doc: GlanceNamespaceDocument,
    options: LoadOptions,
    warnings: string[],
  ): Promise<void> {
    // Property and object documents are raw Glance JSON here; the services validate them like GraphQL input.
    const document: NamespaceDocument = {
      name: doc.namespace,
      displayName: doc.display_name ?? null,
      description: doc.description ?? null,
      visibility: doc.visibility === 'public' ? Visibility.PUBLIC : Visibility.PRIVATE,
      protected: doc.protected ?? false,
      complete: doc.complete ?? false,
      owner: doc.owner ?? options.owner ?? 'admin',
      resourceTypeAssociations: (doc.resource_type_associations ?? []).map((association) => ({
        name: association.name,
        prefix: association.prefix ?? null,
        propertiesTarget: association.properties_target ?? null,
      })),
      properties: propertyDocs(doc.properties, warnings),
      objects: objectDocs(doc, warnings),
      tags: doc.tags,
    };
    await namespaceDocumentService.create(tx, document);
  }

  /** Glance's --merge: add what is missing; with preferNew the file's definitions replace existing ones. */
  private async merge(
    tx: TxContext,
    namespace: Namespace,
    doc: GlanceNamespaceDocument,
    options: LoadOptions,
    warnings: string[],
  ): Promise<void> {
    if (options.preferNew) {
      namespace.displayName = doc.display_name ?? null;
      namespace.description = doc.description ?? null;
      namespace.visibility = doc.visibility === 'public' ? Visibility.PUBLIC : Visibility.PRIVATE;
      namespace.protected = doc.protected ?? false;
      namespace.complete = doc.complete ?? false;
      if (doc.owner) namespace.owner = doc.owner;
      await tx.db.getRepository(Namespace).save(namespace);
    }
    const associations = await tx.db
      .getRepository(NamespaceResourceType)
      .find({ where: { namespaceId: namespace.pk }, relations: { resourceType: true } });
    const associated = new Set(associations.map((association) => association.resourceType?.name));
    for (const association of doc.resource_type_associations ?? []) {
      if (associated.has(association.name)) continue;
      await namespaceService.associate(tx, namespace.name, {
        name: association.name,
        prefix: association.prefix ?? null,
        propertiesTarget: association.properties_target ?? null,
      });
    }
    for (const [index, property] of propertyDocs(doc.properties, warnings).entries()) {
      const existing = await propertyService.find(tx, namespace, property.name);
      const checked = checkProperty(property, `properties.${index}`);
      if (!existing) await propertyService.insert(tx, namespace, null, [checked]);
      else if (options.preferNew) await propertyService.replace(tx, existing, checked);
    }
    for (const [index, object] of objectDocs(doc, warnings).entries()) {
      const existing = await objectService.find(tx, namespace, object.name);
      if (!existing) await objectService.add(tx, namespace, [object], 'objects');
      else if (options.preferNew)
        await objectService.replaceByName(tx, namespace, object, `objects.${index}`);
    }
    const missing: { name: string; parent?: string }[] = [];
    for (const tag of doc.tags ?? []) {
      if (!(await metadefTagService.find(tx, namespace, tag.name))) missing.push(tag);
    }
    if (missing.length) await metadefTagService.add(tx, namespace, missing, 'tags');
  }

  /** Every namespace as a Glance document (with our exactness: JSON types kept), by namespace name. */
  async exportAll(ctx: Context): Promise<ExportedNamespaceDocument[]> {
    const namespaces = await ctx.db.getRepository(Namespace).find({ order: { name: 'ASC' } });
    return Promise.all(namespaces.map((namespace) => this.exportOne(ctx, namespace)));
  }

  private async exportOne(ctx: Context, namespace: Namespace): Promise<ExportedNamespaceDocument> {
    const [associations, properties, objects, tags] = await Promise.all([
      ctx.loaders.get(associationsByNamespacePk).load(namespace.pk),
      ctx.loaders.get(propertiesByNamespacePk).load(namespace.pk),
      ctx.loaders.get(objectsByNamespacePk).load(namespace.pk),
      ctx.loaders.get(tagsByNamespacePk).load(namespace.pk),
    ]);
    const objectProperties = await Promise.all(
      objects.map((object) => ctx.loaders.get(propertiesByObjectPk).load(object.pk)),
    );
    const doc: ExportedNamespaceDocument = {
      namespace: namespace.name,
      ...(namespace.displayName != null ? { display_name: namespace.displayName } : {}),
      ...(namespace.description != null ? { description: namespace.description } : {}),
      visibility: namespace.visibility === Visibility.PUBLIC ? 'public' : 'private',
      protected: namespace.protected,
      ...(namespace.complete ? { complete: true } : {}),
      owner: namespace.owner,
      resource_type_associations: associations.map((association) => ({
        name: association.name,
        ...(association.prefix != null ? { prefix: association.prefix } : {}),
        ...(association.propertiesTarget != null ? { properties_target: association.propertiesTarget } : {}),
      })),
    };
    if (properties.length) {
      doc.properties = Object.fromEntries(
        properties.map((property) => [property.storedName, property.schema]),
      );
    }
    if (objects.length) {
      doc.objects = objects.map((object, index) => ({
        name: object.name,
        ...(object.description != null ? { description: object.description } : {}),
        ...(object.requiredNames.length ? { required: object.requiredNames } : {}),
        properties: Object.fromEntries(
          objectProperties[index].map((property) => [property.storedName, property.schema]),
        ),
      }));
    }
    if (tags.length) {
      const byPk = new Map(tags.map((tag: MetadefTag) => [tag.pk, tag.name]));
      doc.tags = tags.map((tag) => ({
        name: tag.name,
        ...(tag.parentId != null ? { parent: byPk.get(tag.parentId) } : {}),
      }));
    }
    return doc;
  }

  /**
   * Writes one file per namespace (see exportFileName); returns the file names and, with `glance`, what Glance's
   * format cannot hold and was left out (asGlanceDocument).
   */
  async exportDirectory(
    ctx: Context,
    dir: string,
    { glance = false }: { glance?: boolean } = {},
  ): Promise<{ files: string[]; leftOut: string[] }> {
    mkdirSync(dir, { recursive: true });
    const taken = new Set<string>();
    const files: string[] = [];
    const leftOut: string[] = [];
    for (const exported of await this.exportAll(ctx)) {
      const doc = glance ? asGlanceDocument(exported, leftOut) : exported;
      const file = exportFileName(doc.namespace, taken);
      writeFileSync(join(dir, file), `${JSON.stringify(doc, null, 4)}\n`);
      files.push(file);
    }
    return { files, leftOut };
  }

  /** Deletes every namespace with everything in it (protected ones too); resource types stay. */
  unload(ctx: Context): Promise<number> {
    return ctx.transaction(async (tx) => {
      const namespaces = await tx.db.getRepository(Namespace).find();
      await tx.db.createQueryBuilder().delete().from(Namespace).execute();
      return namespaces.length;
    });
  }
}

export const metadefsService = new MetadefsService();
