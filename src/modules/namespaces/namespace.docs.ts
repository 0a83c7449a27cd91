import { NAMESPACE_LIMITS } from './namespace.entity';

/** Who may change what is in a namespace, and the errors when not: said once, on every definition mutation. */
export const WRITE_ACCESS =
  'Admins; with METADEF_PROJECT_WRITES=true also the owner project, within its quotas (FORBIDDEN otherwise). NOT_FOUND when the namespace does not exist or is not visible.';

/** The same for deletions, which a protected namespace refuses. */
export const DELETE_ACCESS = `${WRITE_ACCESS} FORBIDDEN while the namespace is protected.`;

/** The `namespace` argument of the definition mutations. */
export const NAMESPACE_ARG = 'The name of the namespace.';

/** Fields of a namespace that both CreateNamespaceInput and UpdateNamespaceInput take. */
export const NAMESPACE_FIELD_DOCS = {
  name: `Unique name, 1–${NAMESPACE_LIMITS.name} characters, e.g. OS::Compute::VirtCPUTopology. CONFLICT when taken.`,
  displayName: `Human-readable name, at most ${NAMESPACE_LIMITS.displayName} characters.`,
  description: `What the namespace is for, at most ${NAMESPACE_LIMITS.description} characters (line breaks allowed).`,
  visibility: 'Who sees the namespace and everything in it.',
  protected:
    'true: the namespace and everything in it cannot be deleted (FORBIDDEN) until set back to false.',
  complete:
    "true: the namespace defines every key under its prefix, as Nova's validators do for theirs: validateMetadata refuses a key in its scope that none of its definitions names (with \"did you mean\" suggestions) instead of listing it as unknown. The scope is each key's text up to its first colon (hw: for hw:cpu_policy, resources{group} for resources{group}:{resource_class}); for keys without a colon, the association's prefix when it has one.",
  owner: `The owning project, at most ${NAMESPACE_LIMITS.owner} characters; admins only (FORBIDDEN for others).`,
} as const;
