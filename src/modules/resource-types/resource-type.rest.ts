import { glanceTime, present } from '../../common/glance-json';
import { defineRestRoutes } from '../../common/rest';

/**
 * Glance's GET /v2/metadefs/resource_types (docs/openstack.md): the resource types the caller may see, as
 * glance/api/v2/metadef_resource_types.py lists them, through `resourceTypes`.
 */
export const resourceTypeRestRoutes = defineRestRoutes([
  {
    api: 'glance',
    method: 'GET',
    path: '/v2/metadefs/resource_types',
    operation: `query GlanceListResourceTypes { resourceTypes { name createdAt updatedAt } }`,
    variables: () => ({}),
    answer: (data) => ({
      status: 200,
      body: {
        resource_types: (
          data.resourceTypes as { name: string; createdAt: string; updatedAt: string | null }[]
        ).map((type) =>
          present({
            name: type.name,
            created_at: glanceTime(type.createdAt),
            updated_at: glanceTime(type.updatedAt),
          }),
        ),
      },
    }),
  },
]);
