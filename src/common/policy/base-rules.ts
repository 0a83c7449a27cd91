import { definePolicies } from './rule';

/**
 * The rules every module's rules build on, as Glance's, Placement's and Nova's base policies do. A member's
 * token carries `reader` too where Keystone's implied roles are set up (the default); the defaults name both so
 * that identities from AUTH_MODE=headers or jwt, which carry the roles as given, mean the same.
 */
export const BASE_POLICIES = definePolicies([
  {
    name: 'context_is_admin',
    check: 'role:admin',
    description: 'An administrator: does everything, in every project.',
    operations: ['every operation'],
    upstream: ['Glance context_is_admin', 'Placement admin_api', 'Nova context_is_admin'],
  },
  {
    name: 'system_admin',
    check: 'role:admin and system_scope:all',
    description: 'An administrator with a system-scoped token: acts across projects.',
    operations: ['every operation'],
    upstream: ['Keystone/Placement system_admin_api'],
  },
  {
    name: 'system_reader',
    check: '(role:reader or role:member or role:admin) and system_scope:all',
    description:
      'A reader with a system-scoped token: reads everything in every project (the read rules name it), writes nothing.',
    operations: ['every read'],
    upstream: ['Placement system_reader_api (before 2023.1)', 'Keystone system reader'],
  },
  {
    name: 'service_api',
    check: 'role:service or service_roles:service',
    description:
      'A service: a token with the service role, or a request carrying a service token with it (X-Service-Token).',
    operations: ['reporting traits and resource providers'],
    upstream: ['Placement service_api', 'Nova service_api'],
  },
  {
    name: 'project_member',
    check: '(role:member or role:admin) and project_id:%(project_id)s',
    legacy: 'project_id:%(project_id)s',
    description: "A member of the target's project (with the old defaults: any role on it).",
    operations: ['writes in a project'],
    upstream: ['Placement/Nova project_member_api'],
  },
  {
    name: 'project_reader',
    check: '(role:reader or role:member or role:admin) and project_id:%(project_id)s',
    legacy: 'project_id:%(project_id)s',
    description: "A reader of the target's project (with the old defaults: any role on it).",
    operations: ['reads in a project'],
    upstream: ['Placement/Nova project_reader_api'],
  },
]);
