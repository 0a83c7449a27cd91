import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { PolicyLoadError, type PolicyEngine, type RuleText } from './engine';

/**
 * An oslo.policy file: a YAML or JSON mapping of rule names to check strings (or the legacy list of lists), as
 * oslo.policy reads them (YAML is a superset of JSON, so one parser reads both). Whatever is wrong names the file
 * and the line.
 */
export function readPolicyFile(path: string): Record<string, RuleText> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new PolicyLoadError(
      `${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lines.linePos(offset).line);
  if (doc.errors.length) {
    const [error] = doc.errors;
    throw new PolicyLoadError(
      `${path}, line ${error.linePos?.[0].line ?? 1}: ${error.message.split('\n')[0]}`,
    );
  }
  const rules: Record<string, RuleText> = {};
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) return rules;
  if (!isMap(doc.contents)) {
    throw new PolicyLoadError(
      `${path}, line ${lineOf(doc.contents.range?.[0])}: a mapping of rule names to check strings is expected`,
    );
  }
  for (const item of doc.contents.items) {
    const key = item.key;
    const line = lineOf(isScalar(key) ? key.range?.[0] : undefined);
    if (!isScalar(key) || typeof key.value !== 'string') {
      throw new PolicyLoadError(`${path}, line ${line}: a rule name must be a string`);
    }
    const value = item.value;
    const plain = isScalar(value) ? value.value : isSeq(value) ? value.toJSON() : undefined;
    const isList =
      Array.isArray(plain) &&
      plain.every(
        (inner: unknown) =>
          typeof inner === 'string' || (Array.isArray(inner) && inner.every((s) => typeof s === 'string')),
      );
    if (typeof plain !== 'string' && !isList) {
      throw new PolicyLoadError(`${path}, line ${line}: rule "${key.value}" must be a check string`);
    }
    rules[key.value] = plain as RuleText;
  }
  return rules;
}

/** Applies a policy file to `engine`: a broken rule names its line; returns the names no module declares. */
export function applyPolicyFile(engine: PolicyEngine, path: string): string[] {
  const rules = readPolicyFile(path);
  try {
    return engine.setOverrides(rules);
  } catch (error) {
    if (!(error instanceof PolicyLoadError)) throw error;
    const name = /^rule "([^"]*)"/.exec(error.message)?.[1];
    const line = name === undefined ? undefined : lineOfRule(path, name);
    throw new PolicyLoadError(`${path}${line ? `, line ${line}` : ''}: ${error.message}`);
  }
}

function lineOfRule(path: string, name: string): number | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(path, 'utf8'), { lineCounter: lines });
  if (!isMap(doc.contents)) return undefined;
  const item = doc.contents.items.find((entry) => isScalar(entry.key) && entry.key.value === name);
  const offset = item && isScalar(item.key) ? item.key.range?.[0] : undefined;
  return offset === undefined ? undefined : lines.linePos(offset).line;
}
