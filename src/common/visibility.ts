import { registerEnumType } from 'type-graphql';
import type { Config } from '../config';

/**
 * A namespace's visibility. It lives here, below the modules, because more than namespaces/ reads it: a resource
 * type is visible through the namespaces it is associated with (resource-types/, which namespaces/ imports).
 */
export enum Visibility {
  PUBLIC = 'public',
  PRIVATE = 'private',
}
registerEnumType(Visibility, {
  name: 'Visibility',
  description: 'Who sees a namespace and everything in it.',
  valuesConfig: {
    PUBLIC: { description: 'Every project sees it.' },
    PRIVATE: {
      description:
        'Only the owner project and admins see it; others get NOT_FOUND, null or nothing in lists.',
    },
  },
});

/**
 * CAPABILITY_DEFAULT_VISIBILITY takes exactly these values (config/ imports nothing of the service, so its type
 * comes from the setting's declaration): a value added on either side and not the other does not compile.
 */
type SettingValues = Config['discovery']['capabilityDefaultVisibility'];
export const SETTING_MATCHES_VISIBILITY: [SettingValues, `${Visibility}`] extends [
  `${Visibility}`,
  SettingValues,
]
  ? true
  : never = true;
