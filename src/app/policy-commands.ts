import { Option, type Command } from 'commander';
import { loadConfig } from '../config';
import { makeIdentity } from '../common/identity/identity';
import type { PolicyRecord } from '../common/policy/check-string';
import { PolicyEngine } from '../common/policy/engine';
import { allPolicies, policyFor } from './policy';
import { createLogger } from './logger';

/** A YAML key or value as oslo's sample files write them: double-quoted. */
const quoted = (text: string): string => JSON.stringify(text);

/**
 * `metacatalog policy sample|list|check`: oslopolicy-sample-generator, oslopolicy-policy-generator and
 * oslopolicy-checker for our rules. They read POLICY_FILE and POLICY_ENFORCE_NEW_DEFAULTS as `serve` does; none
 * opens the database.
 */
export function registerPolicyCommands(program: Command): void {
  const policy = program
    .command('policy')
    .description('the authorization rules: a sample file, the rules in force, what a set of roles may do');

  policy
    .command('sample')
    .description(
      'every rule with its description and default, commented out, as oslopolicy-sample-generator (YAML)',
    )
    .action(() => {
      const config = loadConfig();
      const engine = new PolicyEngine(allPolicies, config.policy.enforceNewDefaults);
      const lines: string[] = [];
      for (const rule of engine.declarations) {
        lines.push(`# ${rule.description}`);
        lines.push(`# Decides: ${rule.operations.join(', ')}`);
        if (rule.upstream?.length) lines.push(`# Same decision as: ${rule.upstream.join(', ')}`);
        if (rule.legacy && rule.legacy !== rule.check) {
          lines.push(`# With POLICY_ENFORCE_NEW_DEFAULTS=false: ${quoted(rule.legacy)}`);
        }
        lines.push(`#${quoted(rule.name)}: ${quoted(engine.defaultOf(rule))}`, '');
      }
      process.stdout.write(lines.join('\n'));
    });

  policy
    .command('list')
    .description("the rules in force (defaults with POLICY_FILE's overrides), as oslopolicy-policy-generator")
    .action(() => {
      const config = loadConfig();
      const engine = policyFor(config, createLogger(config.observability.logLevel, 2));
      const lines = engine
        .effective()
        .map(
          (rule) =>
            `${quoted(rule.name)}: ${quoted(rule.text)}${rule.source === 'default' ? '' : '  # policy file'}`,
        );
      process.stdout.write(`${lines.join('\n')}\n`);
    });

  policy
    .command('check')
    .description(
      'whether RULE allows the given credentials on a target, as oslopolicy-checker (exit 0: passed, 3: failed)',
    )
    .argument('<rule>', 'the rule name')
    .option('--roles <roles>', 'the roles, comma-separated', '')
    .option('--project <id>', 'the project the token is scoped to')
    .addOption(new Option('--system', 'a system-scoped token (acts for no project)').conflicts('project'))
    .option('--user <id>', 'the user id')
    .option('--service', 'the request carries a service token with the service role', false)
    .option('--target <key=value...>', "the target's attributes (project_id=…, visibility=public, …)", [])
    .action(
      (
        rule: string,
        options: {
          roles: string;
          project?: string;
          system?: boolean;
          user?: string;
          service: boolean;
          target: string[];
        },
      ) => {
        const config = loadConfig();
        const engine = policyFor(config, createLogger(config.observability.logLevel, 2));
        if (!engine.declarations.some((declared) => declared.name === rule)) {
          throw new Error(`no rule "${rule}" (metacatalog policy list names them)`);
        }
        if (!options.system && !options.project) throw new Error('--project or --system is required');
        const target: Record<string, string | boolean> = {};
        for (const pair of options.target) {
          const equals = pair.indexOf('=');
          if (equals <= 0) throw new Error(`--target ${pair}: key=value expected`);
          const value = pair.slice(equals + 1);
          target[pair.slice(0, equals)] = value === 'True' ? true : value === 'False' ? false : value;
        }
        const identity = {
          ...makeIdentity(
            options.system ? null : options.project!,
            options.user ?? null,
            options.roles.split(','),
          ),
          isService: options.service,
        };
        const passed = engine.allows(identity, rule, target as PolicyRecord);
        console.log(`${rule}: ${passed ? 'passed' : 'failed'}`);
        if (!passed) process.exitCode = 3;
      },
    );
}
