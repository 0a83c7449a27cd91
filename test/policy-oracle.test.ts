import { spawnSync } from 'node:child_process';
import {
  evaluate,
  parseCheckString,
  PolicySyntaxError,
  type Check,
  type PolicyRecord,
} from '../src/common/policy/check-string';
import { ORACLES, PYTHON, itWithOracle } from './support/oracles';

/**
 * Our check strings against oslo.policy's own Enforcer (Debian's python3-oslo.policy): generated rules (checks of
 * every kind, and/or/not in any case, parentheses, rule: references, some to rules that do not exist) and
 * generated credentials and targets (roles in any case, project and system scope, missing keys, nested and list
 * credentials) must get the same verdict from both.
 */
const ORACLE_SCRIPT = `
import json, sys
from oslo_config import cfg
from oslo_policy import policy
data = json.load(sys.stdin)
conf = cfg.ConfigOpts()
conf([])
enforcer = policy.Enforcer(conf, use_conf=False)
enforcer.set_rules(policy.Rules.from_dict(data['rules']), use_conf=False)
print(json.dumps([bool(enforcer.enforce(c['rule'], c['target'], dict(c['creds']))) for c in data['cases']]))
`;

interface Case {
  rule: string;
  target: PolicyRecord;
  creds: PolicyRecord;
}

function oslo(rules: Record<string, string>, cases: Case[]): boolean[] {
  const run = spawnSync(PYTHON, ['-c', ORACLE_SCRIPT], {
    input: JSON.stringify({ rules, cases }),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`oslo.policy failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as boolean[];
}

/** Ours, as the Enforcer calls it: `system` mirrors a truthy `system_scope`. */
function ours(rules: Record<string, string>, cases: Case[]): boolean[] {
  const parsed = new Map<string, Check>(
    Object.entries(rules).map(([name, text]) => [name, parseCheckString(text)]),
  );
  return cases.map(({ rule, target, creds }) => {
    const check = parsed.get(rule);
    const withSystem = creds.system_scope ? { ...creds, system: creds.system_scope } : creds;
    return check ? evaluate(check, target, withSystem, (name) => parsed.get(name)) : false;
  });
}

/** mulberry32: the same cases on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHECKS = [
  '@',
  '!',
  'role:admin',
  'role:member',
  'role:READER',
  'role:service',
  'role:%(role)s',
  'project_id:%(project_id)s',
  'project_id:%(owner)s',
  'user_id:%(target.user_id)s',
  "'public':%(visibility)s",
  '"private":%(visibility)s',
  'True:%(flag)s',
  'False:%(flag)s',
  '1:%(n)s',
  'None:%(missing)s',
  'system_scope:all',
  'system:all',
  'is_admin:True',
  'nested.a.b:x',
  'nested.list.c:y',
  'groups:g1',
  'domain_id:%(target.domain_id)s',
  'project_id:p1',
  'tag:%(owner)s-%(visibility)s',
  'pct:50%%',
  'unknown_kind:x',
];

function generateCheck(next: () => number, ruleNames: string[], depth: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const word = (w: string) => pick([w, w.toUpperCase(), w[0].toUpperCase() + w.slice(1)]);
  const r = next();
  if (depth <= 0 || r < 0.35) {
    return next() < 0.15 && ruleNames.length ? `rule:${pick(ruleNames)}` : pick(CHECKS);
  }
  if (r < 0.5) return `${word('not')} ${generateCheck(next, ruleNames, depth - 1)}`;
  if (r < 0.65) return `(${generateCheck(next, ruleNames, depth - 1)})`;
  const parts = Array.from({ length: 2 + Math.floor(next() * 3) }, () =>
    generateCheck(next, ruleNames, depth - 1),
  );
  return parts.reduce(
    (left, right) => `${left} ${word(pick(['and', 'or']))}${pick([' ', '  ', '\t'])}${right}`,
  );
}

function generateCreds(next: () => number): PolicyRecord {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const creds: Record<string, PolicyRecord[string]> = {
    roles: ['admin', 'Member', 'reader', 'service', 'auditor'].filter(() => next() < 0.35),
    project_id: pick(['p1', 'p2', 'p1-public']),
    user_id: pick(['u1', 'u2']),
    is_admin: next() < 0.3,
    nested: { a: { b: pick(['x', 'z']) }, list: [{ c: 'y' }, { c: pick(['y', 'w']) }] },
    groups: ['g0', pick(['g1', 'g2'])],
    pct: pick(['50%', '50']),
    tag: pick(['p1-public', 'p2-private']),
  };
  if (next() < 0.3) creds.system_scope = pick(['all', '']);
  if (next() < 0.2) delete creds.roles;
  if (next() < 0.2) delete creds.project_id;
  return creds;
}

function generateTarget(next: () => number): PolicyRecord {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const target: Record<string, PolicyRecord[string]> = {
    project_id: pick(['p1', 'p2']),
    owner: pick(['p1', 'p2', null]),
    visibility: pick(['public', 'private']),
    flag: pick([true, false]),
    n: pick([1, 2]),
    role: pick(['admin', 'member', 'ADMIN']),
    'target.user_id': pick(['u1', 'u2']),
    'target.domain_id': 'd1',
  };
  for (const key of Object.keys(target)) if (next() < 0.1) delete target[key];
  return target;
}

describe('check strings agree with oslo.policy', () => {
  itWithOracle(
    ORACLES.osloPolicy,
    'the same verdicts on 400 generated rules, each against 12 credentials and targets',
    () => {
      const next = random(38);
      const rules: Record<string, string> = {};
      const names: string[] = ['undefined_rule'];
      for (let i = 0; i < 400; i++) {
        const name = `r${i}`;
        rules[name] = generateCheck(next, names, 3);
        names.push(name);
      }
      const cases: Case[] = [];
      for (const rule of Object.keys(rules)) {
        for (let i = 0; i < 12; i++)
          cases.push({ rule, target: generateTarget(next), creds: generateCreds(next) });
      }
      const expected = oslo(rules, cases);
      const actual = ours(rules, cases);
      const differing = cases
        .filter((_, i) => expected[i] !== actual[i])
        .map((c, i) => ({ ...c, text: rules[c.rule], i }));
      expect(differing.slice(0, 3)).toEqual([]);
      // The generated cases are not all one answer.
      expect(expected.filter(Boolean).length).toBeGreaterThan(cases.length / 10);
      expect(expected.filter((v) => !v).length).toBeGreaterThan(cases.length / 10);
    },
    60_000,
  );

  // What oslo.policy logs and fails closed on, we refuse to load (a policy file with one of these does not start).
  const MALFORMED = [
    'role:a and',
    '(role:a',
    'role:a)',
    'role:a role:b',
    'admin',
    '()',
    '   ',
    'role:a or or role:b',
  ];
  // oslo.policy raises on these at every check (a lone operator or quoted string, a stray % in a match).
  const RAISING = ['and', 'not', '"quoted"', 'x:50%'];
  itWithOracle(ORACLES.osloPolicy, 'what oslo.policy fails closed on is a syntax error here', () => {
    const rules = Object.fromEntries(MALFORMED.map((text, i) => [`m${i}`, text]));
    const creds = { roles: ['a', 'b', 'admin'], x: '50%' };
    const verdicts = oslo(
      rules,
      MALFORMED.map((_, i) => ({ rule: `m${i}`, target: {}, creds })),
    );
    expect(verdicts).toEqual(MALFORMED.map(() => false));
    for (const text of [...MALFORMED, ...RAISING])
      expect(() => parseCheckString(text)).toThrow(PolicySyntaxError);
  });

  it('parses precedence as oslo.policy does: not, then and, then or', () => {
    const check = parseCheckString('role:a or role:b AND not role:c');
    expect(check).toEqual({
      kind: 'or',
      checks: [
        { kind: 'role', match: ['a'] },
        {
          kind: 'and',
          checks: [
            { kind: 'role', match: ['b'] },
            { kind: 'not', check: { kind: 'role', match: ['c'] } },
          ],
        },
      ],
    });
    expect(parseCheckString('')).toEqual({ kind: 'true' });
  });
});
