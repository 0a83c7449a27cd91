import Ajv, { type Options, type ValidateFunction } from 'ajv';

/** A compiled schema, or the error of one that ajv could not compile (kept, so it is not tried again). */
export type CompiledSchema = ValidateFunction | { compileError: unknown };

/**
 * JSON schemas compiled once each, by a key the caller chooses, and at most `max` of them. When full it
 * forgets them all: its own map and ajv's internal cache, which otherwise keeps every schema ever compiled.
 * Glance's extra keywords (`operators`, `readonly`, …) are not JSON Schema: strict mode is off.
 */
export class CompiledSchemas {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, CompiledSchema>();

  constructor(
    private readonly max: number,
    options: Options = {},
  ) {
    this.ajv = new Ajv({ allErrors: true, strict: false, ...options });
  }

  get(key: string, schema: object): CompiledSchema {
    let entry = this.compiled.get(key);
    if (!entry) {
      if (this.compiled.size >= this.max) {
        this.compiled.clear();
        this.ajv.removeSchema();
      }
      try {
        entry = this.ajv.compile(schema);
      } catch (error) {
        entry = { compileError: error };
      }
      this.compiled.set(key, entry);
    }
    return entry;
  }
}
