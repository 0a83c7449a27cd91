import Ajv from 'ajv';
import { CompiledSchemas } from './compiled-schemas';

describe('CompiledSchemas', () => {
  afterEach(() => jest.restoreAllMocks());

  it('compiles a schema once per key', () => {
    const schemas = new CompiledSchemas(10);
    const compile = jest.spyOn(Ajv.prototype, 'compile');
    const first = schemas.get('k', { type: 'integer' });
    expect(schemas.get('k', { type: 'integer' })).toBe(first);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(typeof first === 'function' && first(3)).toBe(true);
  });

  it("when full, forgets its own entries and ajv's cache alike", () => {
    const schemas = new CompiledSchemas(2);
    const remove = jest.spyOn(Ajv.prototype, 'removeSchema');
    schemas.get('a', { type: 'string' });
    schemas.get('b', { type: 'number' });
    expect(remove).not.toHaveBeenCalled();
    schemas.get('c', { type: 'boolean' });
    expect(remove).toHaveBeenCalledWith();
    const compile = jest.spyOn(Ajv.prototype, 'compile');
    schemas.get('a', { type: 'string' });
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('keeps the error of a schema ajv cannot compile instead of compiling it again', () => {
    const schemas = new CompiledSchemas(10);
    const bad = schemas.get('bad', { type: 'string', pattern: '(' });
    expect('compileError' in bad && bad.compileError).toBeInstanceOf(Error);
    expect(schemas.get('bad', { type: 'string', pattern: '(' })).toBe(bad);
  });
});
