import { InputError } from '../../common/errors';
import { checkPropertySchema, propertyInputToDoc, validatePropertySchema } from './property-schema';

function problemsOf(doc: unknown, prefix = 'input'): { field: string; message: string }[] {
  const result = checkPropertySchema(doc, prefix);
  return result.problems;
}

function fieldsOf(doc: unknown, prefix = 'input'): string[] {
  return problemsOf(doc, prefix).map((problem) => problem.field);
}

describe('validatePropertySchema', () => {
  it('keeps JSON types exact and orders keys', () => {
    const schema = validatePropertySchema(
      { title: 'Cores', type: 'integer', default: 3, minimum: 0.5, maximum: 8.25, operators: ['<or>'] },
      'input',
    );
    expect(schema).toEqual({
      type: 'integer',
      title: 'Cores',
      default: 3,
      minimum: 0.5,
      maximum: 8.25,
      operators: ['<or>'],
    });
    expect(Object.keys(schema)).toEqual(['type', 'title', 'default', 'minimum', 'maximum', 'operators']);
  });

  it('leaves operators absent when absent and keeps an empty list when given', () => {
    expect(validatePropertySchema({ title: 'a', type: 'string' }, 'input')).not.toHaveProperty('operators');
    expect(validatePropertySchema({ title: 'a', type: 'string', operators: [] }, 'input').operators).toEqual(
      [],
    );
  });

  it('accepts an array of primitives with an item enum and a matching default', () => {
    const schema = validatePropertySchema(
      {
        title: 'Features',
        type: 'array',
        items: { type: 'string', enum: ['aes', 'avx'] },
        default: ['aes'],
        operators: ['<or>', '<all-in>'],
      },
      'p',
    );
    expect(schema.items).toEqual({ type: 'string', enum: ['aes', 'avx'] });
  });

  it('rejects object and null types, $ref, unknown keys and a missing title', () => {
    expect(fieldsOf({ title: 'a', type: 'object' })).toEqual(['input.type']);
    expect(fieldsOf({ title: 'a', type: null })).toEqual(expect.arrayContaining(['input.type']));
    expect(fieldsOf({ title: 'a', type: 'string', $ref: '#/x' })).toEqual(['input.$ref']);
    expect(fieldsOf({ type: 'string' })).toEqual(['input.title']);
    expect(fieldsOf('nope')).toEqual(['input']);
  });

  it('requires a primitive items.type for arrays', () => {
    expect(fieldsOf({ title: 'a', type: 'array' })).toEqual(['input.items']);
    expect(fieldsOf({ title: 'a', type: 'array', items: {} })).toEqual(['input.items.type']);
    expect(fieldsOf({ title: 'a', type: 'array', items: { type: 'array' } })).toEqual(['input.items.type']);
    expect(fieldsOf({ title: 'a', type: 'array', items: { type: 'object' } })).toEqual(['input.items.type']);
  });

  it('rejects array keywords on other types', () => {
    expect(fieldsOf({ title: 'a', type: 'string', items: { type: 'string' } })).toEqual(['input.items']);
    expect(fieldsOf({ title: 'a', type: 'integer', minItems: 1 })).toEqual(['input.minItems']);
  });

  it('accepts only the multivalue operators of the spec', () => {
    expect(fieldsOf({ title: 'a', type: 'string', operators: ['<or>', '<and>'] })).toEqual([
      'input.operators.1',
    ]);
    expect(fieldsOf({ title: 'a', type: 'string', operators: ['<in>', '<all-in>', '<or>'] })).toEqual([]);
  });

  it('checks that a default satisfies the constraints', () => {
    expect(fieldsOf({ title: 'a', type: 'integer', minimum: 1, maximum: 4, default: 5 })).toEqual([
      'input.default',
    ]);
    expect(fieldsOf({ title: 'a', type: 'integer', default: '3' })).toEqual(['input.default']);
    expect(fieldsOf({ title: 'a', type: 'integer', default: 2.5 })).toEqual(['input.default']);
    expect(fieldsOf({ title: 'a', type: 'string', enum: ['x', 'y'], default: 'z' })).toEqual([
      'input.default',
    ]);
    expect(fieldsOf({ title: 'a', type: 'string', maxLength: 2, default: 'abc' })).toEqual(['input.default']);
    expect(fieldsOf({ title: 'a', type: 'string', pattern: '^[a-z]+$', default: 'A1' })).toEqual([
      'input.default',
    ]);
    expect(
      fieldsOf({ title: 'a', type: 'array', items: { type: 'string', enum: ['x'] }, default: ['y'] }),
    ).toEqual(['input.default']);
  });

  it('checks every enum value and reports all problems', () => {
    const problems = problemsOf({ title: 'a', type: 'integer', maximum: 10, enum: [1, 'two', 20, 1] });
    expect(problems.map((problem) => problem.field).sort()).toEqual(['input.enum.3']);
    const after = problemsOf({ title: 'a', type: 'integer', maximum: 10, enum: [1, 'two', 20] });
    expect(after.map((problem) => problem.field)).toEqual(['input.enum.1', 'input.enum.2']);
    expect(fieldsOf({ title: 'a', type: 'array', items: { type: 'integer', enum: [1, 'x'] } })).toEqual([
      'input.items.enum.1',
    ]);
  });

  it('rejects min greater than max', () => {
    expect(fieldsOf({ title: 'a', type: 'number', minimum: 5, maximum: 4.5 })).toEqual(['input.maximum']);
    expect(fieldsOf({ title: 'a', type: 'string', minLength: 5, maxLength: 4 })).toEqual(['input.maxLength']);
    expect(
      fieldsOf({ title: 'a', type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 2 }),
    ).toEqual(['input.maxItems']);
    expect(fieldsOf({ title: 'a', type: 'string', minLength: -1 })).toEqual(['input.minLength']);
    expect(fieldsOf({ title: 'a', type: 'string', maxLength: 1.5 })).toEqual(['input.maxLength']);
  });

  it('rejects invalid regular expressions', () => {
    expect(fieldsOf({ title: 'a', type: 'string', pattern: '([a-z]' })).toEqual(['input.pattern']);
    // valid without the u flag, not with it (ajv compiles patterns with u)
    expect(fieldsOf({ title: 'a', type: 'string', pattern: '\\-\\q' })).toEqual(['input.pattern']);
  });

  it('throws one BAD_USER_INPUT with every problem', () => {
    let thrown: unknown;
    try {
      validatePropertySchema(
        { title: 'a', type: 'integer', minimum: 3, maximum: 1, foo: 1 },
        'input.properties.2',
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    const error = thrown as InputError;
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.properties.2.foo' });
    expect(error.extensions.errors).toBeUndefined();
    let many: InputError | undefined;
    try {
      validatePropertySchema({ title: 1, type: 'object' }, 'input');
    } catch (error) {
      many = error as InputError;
    }
    expect((many?.extensions.errors as { field: string }[]).map((problem) => problem.field).sort()).toEqual([
      'input.title',
      'input.type',
    ]);
  });
});

describe('propertyInputToDoc', () => {
  it('drops the name and null fields', () => {
    expect(
      propertyInputToDoc({
        name: 'x',
        title: 'X',
        type: 'string',
        description: null,
        items: { type: 'string', enum: null },
      }),
    ).toEqual({ title: 'X', type: 'string', items: { type: 'string' } });
  });
});
