/**
 * oslo.policy's check strings (`role:admin or (role:member and project_id:%(project_id)s)`), parsed and
 * evaluated as oslo_policy/_parser.py and _checks.py do: the same tokenizer (whitespace, parentheses peeled off a
 * token's ends, `and`/`or`/`not` in any case), the same shift-reduce grammar (so `not` binds tighter than `and`,
 * `and` tighter than `or`), and the same checks: `@`, `!`, `rule:NAME`, `role:NAME` (case-insensitive), and the
 * generic `KIND:MATCH` (a literal kind such as `'public'` or `True` compared with MATCH; otherwise a dotted path
 * into the credentials, a list matching if any element does), `%(key)s` in MATCH taken from the target (a
 * missing key makes the check false). test/policy-oracle.test.ts compares the verdicts with oslo.policy's.
 *
 * Where oslo.policy would log and fail closed on a string it cannot understand (a token without `:`, an
 * unbalanced parenthesis, a dangling `and`), we refuse it with PolicySyntaxError instead: a policy that does not
 * mean what its author thought is an operator's mistake to name, not to swallow.
 */

/** A piece of MATCH: literal text, or a `%(key)s` taken from the target. */
export type TemplatePart = string | { readonly key: string };

export type Check =
  | { readonly kind: 'true' }
  | { readonly kind: 'false' }
  | { readonly kind: 'rule'; readonly name: string }
  | { readonly kind: 'role'; readonly match: readonly TemplatePart[] }
  | {
      readonly kind: 'generic';
      /** The kind as written (`project_id`, `'public'`, `True`). */
      readonly source: string;
      /** What a literal kind stands for (`str()` of Python's literal); undefined for a path into the credentials. */
      readonly literal?: string;
      readonly path: readonly string[];
      readonly match: readonly TemplatePart[];
    }
  | { readonly kind: 'and'; readonly checks: readonly Check[] }
  | { readonly kind: 'or'; readonly checks: readonly Check[] }
  | { readonly kind: 'not'; readonly check: Check };

export class PolicySyntaxError extends Error {}

/** A value of the target or the credentials: what oslo.policy's callers put in their dicts. */
export type PolicyValue =
  string | number | boolean | null | undefined | readonly PolicyValue[] | PolicyRecord;
export interface PolicyRecord {
  readonly [key: string]: PolicyValue;
}

/** Python's `str()` of a value, as oslo.policy compares them. */
export function pythonStr(value: PolicyValue): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map((item) => pythonRepr(item)).join(', ')}]`;
  return `{${Object.entries(value as PolicyRecord)
    .map(([key, item]) => `${pythonRepr(key)}: ${pythonRepr(item)}`)
    .join(', ')}}`;
}

function pythonRepr(value: PolicyValue): string {
  return typeof value === 'string'
    ? `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
    : pythonStr(value);
}

/** MATCH split into text and `%(key)s`; `%%` is a `%`. Any other `%` would be a Python formatting error. */
function parseTemplate(text: string, token: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char !== '%') {
      literal += char;
      continue;
    }
    if (text[i + 1] === '%') {
      literal += '%';
      i++;
      continue;
    }
    const substitution = /^%\(([^()]*)\)s/.exec(text.slice(i));
    if (!substitution) {
      throw new PolicySyntaxError(`"${token}": a % in a match must be %(key)s or %%`);
    }
    if (literal) parts.push(literal);
    literal = '';
    parts.push({ key: substitution[1] });
    i += substitution[0].length - 1;
  }
  if (literal || !parts.length) parts.push(literal);
  return parts;
}

/** What Python's ast.literal_eval makes of a kind, as str(); undefined where it is not a literal. */
function literalKind(kind: string): string | undefined {
  if (kind === 'True' || kind === 'False' || kind === 'None') return kind;
  const integer = /^([+-]?)(0+|[1-9]\d*)$/.exec(kind);
  if (integer) {
    const value = BigInt(integer[2]);
    return integer[1] === '-' && value !== 0n ? `-${value}` : String(value);
  }
  const quoted = /^(['"])([^'"\\]*)\1$/.exec(kind);
  return quoted ? quoted[2] : undefined;
}

/** One check token (`_parse_check`). */
function parseCheck(token: string): Check {
  if (token === '!') return { kind: 'false' };
  if (token === '@') return { kind: 'true' };
  const colon = token.indexOf(':');
  if (colon < 0) {
    throw new PolicySyntaxError(`"${token}" is not a check (KIND:MATCH, @ or !)`);
  }
  const kind = token.slice(0, colon);
  const match = token.slice(colon + 1);
  if (!kind) throw new PolicySyntaxError(`"${token}" names no kind before its ":"`);
  if (kind === 'rule') return { kind: 'rule', name: match };
  if (kind === 'role') return { kind: 'role', match: parseTemplate(match, token) };
  if (kind === 'http' || kind === 'https') {
    throw new PolicySyntaxError(`"${token}": remote (${kind}:) checks are not supported`);
  }
  const literal = literalKind(kind);
  if (literal === undefined && /^[+-]?\d/.test(kind)) {
    // Python's literal_eval raises SyntaxError on these (01, 1a): oslo.policy errors at every check.
    throw new PolicySyntaxError(`"${token}": "${kind}" is neither a literal nor a credential's name`);
  }
  return {
    kind: 'generic',
    source: kind,
    literal,
    path: kind.split('.'),
    match: parseTemplate(match, token),
  };
}

type Token =
  | { type: '(' | ')' | 'and' | 'or' | 'not' | 'string'; value: string }
  | { type: 'check' | 'and_expr' | 'or_expr'; value: Check };

/** `_parse_tokenize`. */
function* tokenize(rule: string): Generator<Token> {
  for (const raw of rule.split(/\s+/)) {
    if (!raw) continue;
    let tok = raw;
    let clean = tok.replace(/^\(+/, '');
    for (let i = 0; i < tok.length - clean.length; i++) yield { type: '(', value: '(' };
    if (!clean) continue;
    tok = clean;
    clean = tok.replace(/\)+$/, '');
    const trail = tok.length - clean.length;
    const lowered = clean.toLowerCase();
    if (lowered === 'and' || lowered === 'or' || lowered === 'not') {
      yield { type: lowered, value: clean };
    } else if (clean) {
      if (tok.length >= 2 && (tok[0] === '"' || tok[0] === "'") && tok.at(-1) === tok[0]) {
        yield { type: 'string', value: tok.slice(1, -1) };
      } else {
        yield { type: 'check', value: parseCheck(clean) };
      }
    }
    for (let i = 0; i < trail; i++) yield { type: ')', value: ')' };
  }
}

const asCheck = (token: Token): Check => token.value as Check;
/** The checks of an and_expr's or or_expr's value. */
const childrenOf = (token: Token): readonly Check[] =>
  (asCheck(token) as { checks: readonly Check[] }).checks;

/** oslo.policy's ParseState reductions, each a suffix of the stack and what it becomes. */
const REDUCTIONS: ReadonlyArray<{ pattern: readonly Token['type'][]; reduce: (tokens: Token[]) => Token }> = [
  ...(['check', 'and_expr', 'or_expr'] as const).map((inner) => ({
    pattern: ['(', inner, ')'] as Token['type'][],
    reduce: (tokens: Token[]): Token => ({ type: 'check', value: asCheck(tokens[1]) }),
  })),
  {
    pattern: ['check', 'and', 'check'],
    reduce: ([a, , b]) => ({ type: 'and_expr', value: { kind: 'and', checks: [asCheck(a), asCheck(b)] } }),
  },
  {
    pattern: ['or_expr', 'and', 'check'],
    reduce: ([or, , check]) => {
      const checks = childrenOf(or);
      const last = checks.at(-1)!;
      const and: Check =
        last.kind === 'and'
          ? { kind: 'and', checks: [...last.checks, asCheck(check)] }
          : { kind: 'and', checks: [last, asCheck(check)] };
      return { type: 'or_expr', value: { kind: 'or', checks: [...checks.slice(0, -1), and] } };
    },
  },
  {
    pattern: ['and_expr', 'and', 'check'],
    reduce: ([and, , check]) => ({
      type: 'and_expr',
      value: { kind: 'and', checks: [...childrenOf(and), asCheck(check)] },
    }),
  },
  ...(['check', 'and_expr'] as const).map((left) => ({
    pattern: [left, 'or', 'check'] as Token['type'][],
    reduce: ([a, , b]: Token[]): Token => ({
      type: 'or_expr',
      value: { kind: 'or', checks: [asCheck(a), asCheck(b)] },
    }),
  })),
  {
    pattern: ['or_expr', 'or', 'check'],
    reduce: ([or, , check]) => ({
      type: 'or_expr',
      value: { kind: 'or', checks: [...childrenOf(or), asCheck(check)] },
    }),
  },
  {
    pattern: ['not', 'check'],
    reduce: ([, check]) => ({ type: 'check', value: { kind: 'not', check: asCheck(check) } }),
  },
];

/** A check string's tree; an empty string allows everything (as oslo.policy). */
export function parseCheckString(rule: string): Check {
  if (!rule) return { kind: 'true' };
  const stack: Token[] = [];
  for (const token of tokenize(rule)) {
    stack.push(token);
    for (let reduced = true; reduced;) {
      reduced = false;
      for (const { pattern, reduce } of REDUCTIONS) {
        if (stack.length < pattern.length) continue;
        const tail = stack.slice(-pattern.length);
        if (tail.every((t, i) => t.type === pattern[i])) {
          stack.splice(-pattern.length, pattern.length, reduce(tail));
          reduced = true;
          break;
        }
      }
    }
  }
  const [only] = stack;
  if (stack.length !== 1 || !['check', 'and_expr', 'or_expr'].includes(only.type)) {
    throw new PolicySyntaxError(
      stack.length === 0
        ? 'an empty check (write "" or @ to allow everyone, ! to allow no one)'
        : `cannot be parsed near "${stack.map((t) => (typeof t.value === 'string' ? t.value : t.type)).join(' ')}"`,
    );
  }
  return asCheck(only);
}

/** The legacy list-of-lists form (`[["role:a", "role:b"], ["role:c"]]`: an or of ands), as `_parse_list_rule`. */
export function parseListRule(rule: readonly (string | readonly string[])[]): Check {
  if (!rule.length) return { kind: 'true' };
  const or: Check[] = [];
  for (const inner of rule) {
    const list = typeof inner === 'string' ? [inner] : inner;
    if (!list.length) continue;
    const and = list.map(parseCheck);
    or.push(and.length === 1 ? and[0] : { kind: 'and', checks: and });
  }
  if (!or.length) return { kind: 'false' };
  return or.length === 1 ? or[0] : { kind: 'or', checks: or };
}

/** MATCH with the target's values in; undefined where the target lacks a key (the check is then false). */
export function substitute(match: readonly TemplatePart[], target: PolicyRecord): string | undefined {
  let text = '';
  for (const part of match) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    if (!Object.hasOwn(target, part.key)) return undefined;
    text += pythonStr(target[part.key]);
  }
  return text;
}

/** GenericCheck._find_in_dict: a path into the credentials, any element of a list along it matching. */
function findIn(value: PolicyValue, path: readonly string[], match: string): boolean {
  if (!path.length) return match === pythonStr(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as PolicyRecord;
  if (!Object.hasOwn(record, path[0])) return false;
  const next = record[path[0]];
  if (Array.isArray(next)) return next.some((item: PolicyValue) => findIn(item, path.slice(1), match));
  return findIn(next, path.slice(1), match);
}

/** The rules a `rule:NAME` check looks up (an unknown name is false, as in oslo.policy). */
export type RuleLookup = (name: string) => Check | undefined;

/** Whether `check` allows `creds` on `target` (oslo.policy's `_checks._check`). */
export function evaluate(
  check: Check,
  target: PolicyRecord,
  creds: PolicyRecord,
  rules: RuleLookup,
): boolean {
  switch (check.kind) {
    case 'true':
      return true;
    case 'false':
      return false;
    case 'rule': {
      const rule = rules(check.name);
      return rule ? evaluate(rule, target, creds, rules) : false;
    }
    case 'role': {
      const match = substitute(check.match, target);
      const roles = creds.roles;
      if (match === undefined || !Array.isArray(roles)) return false;
      const wanted = match.toLowerCase();
      return roles.some((role: PolicyValue) => pythonStr(role).toLowerCase() === wanted);
    }
    case 'generic': {
      const match = substitute(check.match, target);
      if (match === undefined) return false;
      if (check.literal !== undefined) return match === check.literal;
      return findIn(creds, check.path, match);
    }
    case 'and':
      return check.checks.every((inner) => evaluate(inner, target, creds, rules));
    case 'or':
      return check.checks.some((inner) => evaluate(inner, target, creds, rules));
    case 'not':
      return !evaluate(check.check, target, creds, rules);
  }
}

/** The names a check refers to with `rule:` (directly). */
export function referencedRules(check: Check): string[] {
  switch (check.kind) {
    case 'rule':
      return [check.name];
    case 'and':
    case 'or':
      return check.checks.flatMap(referencedRules);
    case 'not':
      return referencedRules(check.check);
    default:
      return [];
  }
}
