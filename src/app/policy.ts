import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { BASE_POLICIES } from '../common/policy/base-rules';
import { PolicyEngine, PolicyLoadError } from '../common/policy/engine';
import { applyPolicyFile } from '../common/policy/policy-file';
import type { PolicyRule } from '../common/policy/rule';
import { modules } from './modules';

/** Every rule: the base rules, then each module's (its manifest's `policies`), in module order. */
export const allPolicies: readonly PolicyRule[] = [
  ...BASE_POLICIES,
  ...modules.flatMap((module) => ('policies' in module ? (module.policies as readonly PolicyRule[]) : [])),
];

const engines = new WeakMap<Config, PolicyEngine>();

/**
 * The policy of a configuration, made once: the defaults POLICY_ENFORCE_NEW_DEFAULTS picks, overridden by
 * POLICY_FILE. A broken file throws PolicyLoadError naming its line (the service does not start); a rule name no
 * module declares is a warning.
 */
export function policyFor(config: Config, logger?: Logger): PolicyEngine {
  let engine = engines.get(config);
  if (!engine) {
    engine = new PolicyEngine(allPolicies, config.policy.enforceNewDefaults);
    if (config.policy.file) {
      const unknown = applyPolicyFile(engine, config.policy.file);
      if (unknown.length) {
        logger?.warn(
          { policyFile: config.policy.file, rules: unknown },
          `the policy file names rules no module declares: ${unknown.join(', ')} (usable through rule:, decide nothing on their own)`,
        );
      }
    }
    engines.set(config, engine);
  }
  return engine;
}

/**
 * Reloads POLICY_FILE when it changes: the new rules replace the old at once (a request sees either), and a file
 * that does not load keeps the last good rules, logged. Returns the stop function.
 */
export function watchPolicyFile(config: Config, engine: PolicyEngine, logger: Logger): () => void {
  const path = config.policy.file;
  if (!path) return () => undefined;
  let timer: NodeJS.Timeout | undefined;
  const reload = () => {
    timer = undefined;
    try {
      const unknown = applyPolicyFile(engine, path);
      logger.info({ policyFile: path, unknownRules: unknown }, 'policy file reloaded');
    } catch (error) {
      if (!(error instanceof PolicyLoadError)) throw error;
      logger.error(
        { policyFile: path, reason: error.message },
        'policy file not reloaded: the last good rules stay in force',
      );
    }
  };
  let watcher: FSWatcher | undefined;
  const start = () => {
    try {
      // Editors replace a file (rename): the watcher follows the name again after each change.
      watcher = watch(path, { persistent: false }, () => {
        watcher?.close();
        clearTimeout(timer);
        timer = setTimeout(() => {
          reload();
          start();
        }, 50);
      });
    } catch {
      timer = setTimeout(start, 500);
    }
  };
  start();
  return () => {
    clearTimeout(timer);
    watcher?.close();
  };
}

export { PolicyLoadError };
