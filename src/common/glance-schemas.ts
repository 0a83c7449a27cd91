/**
 * Glance's metadef JSON schemas, as /v2/schemas/metadefs/{name} answers them. Generated from openstack/glance
 * c76abb08e2bc82582389059dcbbc234293ce13b9 (glance/api/v2/metadef_*.py, Apache-2.0) by scripts/generate-glance-schemas.py: do not edit.
 */
export const GLANCE_METADEF_SCHEMAS = {
  namespace: {
    name: 'namespace',
    properties: {
      namespace: {
        type: 'string',
        description: 'The unique namespace text.',
        maxLength: 80,
      },
      display_name: {
        type: 'string',
        description: 'The user friendly name for the namespace. Used by UI if available.',
        maxLength: 80,
      },
      description: {
        type: 'string',
        description: 'Provides a user friendly description of the namespace.',
        maxLength: 500,
      },
      visibility: {
        type: 'string',
        description: 'Scope of namespace accessibility.',
        enum: ['public', 'private'],
      },
      protected: {
        type: 'boolean',
        description: 'If true, namespace will not be deletable.',
      },
      owner: {
        type: 'string',
        description: 'Owner of the namespace.',
        maxLength: 255,
      },
      created_at: {
        type: 'string',
        readOnly: true,
        description: 'Date and time of namespace creation',
        format: 'date-time',
      },
      updated_at: {
        type: 'string',
        readOnly: true,
        description: 'Date and time of the last namespace modification',
        format: 'date-time',
      },
      schema: {
        readOnly: true,
        type: 'string',
      },
      self: {
        readOnly: true,
        type: 'string',
      },
      resource_type_associations: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: {
              type: 'string',
            },
            prefix: {
              type: 'string',
            },
            properties_target: {
              type: 'string',
            },
          },
        },
      },
      properties: {
        $ref: '#/definitions/property',
      },
      objects: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: {
              type: 'string',
            },
            description: {
              type: 'string',
            },
            required: {
              $ref: '#/definitions/stringArray',
            },
            properties: {
              $ref: '#/definitions/property',
            },
          },
        },
      },
      tags: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: {
              type: 'string',
            },
          },
        },
      },
    },
    additionalProperties: false,
    definitions: {
      positiveInteger: {
        type: 'integer',
        minimum: 0,
      },
      positiveIntegerDefault0: {
        allOf: [
          {
            $ref: '#/definitions/positiveInteger',
          },
          {
            default: 0,
          },
        ],
      },
      stringArray: {
        type: 'array',
        items: {
          type: 'string',
        },
        uniqueItems: true,
      },
      property: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['title', 'type'],
          properties: {
            name: {
              type: 'string',
              maxLength: 80,
            },
            title: {
              type: 'string',
            },
            description: {
              type: 'string',
            },
            operators: {
              type: 'array',
              items: {
                type: 'string',
              },
            },
            type: {
              type: 'string',
              enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
            },
            required: {
              $ref: '#/definitions/stringArray',
            },
            minimum: {
              type: 'number',
            },
            maximum: {
              type: 'number',
            },
            maxLength: {
              $ref: '#/definitions/positiveInteger',
            },
            minLength: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            pattern: {
              type: 'string',
              format: 'regex',
            },
            enum: {
              type: 'array',
            },
            readonly: {
              type: 'boolean',
            },
            default: {},
            items: {
              type: 'object',
              properties: {
                type: {
                  type: 'string',
                  enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
                },
                enum: {
                  type: 'array',
                },
              },
            },
            maxItems: {
              $ref: '#/definitions/positiveInteger',
            },
            minItems: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            uniqueItems: {
              type: 'boolean',
              default: false,
            },
            additionalItems: {
              type: 'boolean',
            },
          },
        },
      },
    },
    required: ['namespace'],
  },
  namespaces: {
    name: 'namespaces',
    properties: {
      namespaces: {
        type: 'array',
        items: {
          name: 'namespace',
          properties: {
            namespace: {
              type: 'string',
              description: 'The unique namespace text.',
              maxLength: 80,
            },
            display_name: {
              type: 'string',
              description: 'The user friendly name for the namespace. Used by UI if available.',
              maxLength: 80,
            },
            description: {
              type: 'string',
              description: 'Provides a user friendly description of the namespace.',
              maxLength: 500,
            },
            visibility: {
              type: 'string',
              description: 'Scope of namespace accessibility.',
              enum: ['public', 'private'],
            },
            protected: {
              type: 'boolean',
              description: 'If true, namespace will not be deletable.',
            },
            owner: {
              type: 'string',
              description: 'Owner of the namespace.',
              maxLength: 255,
            },
            created_at: {
              type: 'string',
              readOnly: true,
              description: 'Date and time of namespace creation',
              format: 'date-time',
            },
            updated_at: {
              type: 'string',
              readOnly: true,
              description: 'Date and time of the last namespace modification',
              format: 'date-time',
            },
            schema: {
              readOnly: true,
              type: 'string',
            },
            self: {
              readOnly: true,
              type: 'string',
            },
            resource_type_associations: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  name: {
                    type: 'string',
                  },
                  prefix: {
                    type: 'string',
                  },
                  properties_target: {
                    type: 'string',
                  },
                },
              },
            },
            properties: {
              $ref: '#/definitions/property',
            },
            objects: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  name: {
                    type: 'string',
                  },
                  description: {
                    type: 'string',
                  },
                  required: {
                    $ref: '#/definitions/stringArray',
                  },
                  properties: {
                    $ref: '#/definitions/property',
                  },
                },
              },
            },
            tags: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  name: {
                    type: 'string',
                  },
                },
              },
            },
          },
          additionalProperties: false,
          required: ['namespace'],
        },
      },
      first: {
        type: 'string',
      },
      next: {
        type: 'string',
      },
      schema: {
        type: 'string',
      },
    },
    links: [
      {
        rel: 'first',
        href: '{first}',
      },
      {
        rel: 'next',
        href: '{next}',
      },
      {
        rel: 'describedby',
        href: '{schema}',
      },
    ],
    definitions: {
      positiveInteger: {
        type: 'integer',
        minimum: 0,
      },
      positiveIntegerDefault0: {
        allOf: [
          {
            $ref: '#/definitions/positiveInteger',
          },
          {
            default: 0,
          },
        ],
      },
      stringArray: {
        type: 'array',
        items: {
          type: 'string',
        },
        uniqueItems: true,
      },
      property: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['title', 'type'],
          properties: {
            name: {
              type: 'string',
              maxLength: 80,
            },
            title: {
              type: 'string',
            },
            description: {
              type: 'string',
            },
            operators: {
              type: 'array',
              items: {
                type: 'string',
              },
            },
            type: {
              type: 'string',
              enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
            },
            required: {
              $ref: '#/definitions/stringArray',
            },
            minimum: {
              type: 'number',
            },
            maximum: {
              type: 'number',
            },
            maxLength: {
              $ref: '#/definitions/positiveInteger',
            },
            minLength: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            pattern: {
              type: 'string',
              format: 'regex',
            },
            enum: {
              type: 'array',
            },
            readonly: {
              type: 'boolean',
            },
            default: {},
            items: {
              type: 'object',
              properties: {
                type: {
                  type: 'string',
                  enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
                },
                enum: {
                  type: 'array',
                },
              },
            },
            maxItems: {
              $ref: '#/definitions/positiveInteger',
            },
            minItems: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            uniqueItems: {
              type: 'boolean',
              default: false,
            },
            additionalItems: {
              type: 'boolean',
            },
          },
        },
      },
    },
  },
  resource_type: {
    name: 'resource_type_association',
    properties: {
      name: {
        type: 'string',
        description:
          'Resource type names should be aligned with Heat resource types whenever possible: https://docs.openstack.org/heat/latest/template_guide/openstack.html',
        maxLength: 80,
      },
      prefix: {
        type: 'string',
        description:
          'Specifies the prefix to use for the given resource type. Any properties in the namespace should be prefixed with this prefix when being applied to the specified resource type. Must include prefix separator (e.g. a colon :).',
        maxLength: 80,
      },
      properties_target: {
        type: 'string',
        description:
          'Some resource types allow more than one key / value pair per instance.  For example, Cinder allows user and image metadata on volumes. Only the image properties metadata is evaluated by Nova (scheduling or drivers). This property allows a namespace target to remove the ambiguity.',
        maxLength: 80,
      },
      created_at: {
        type: 'string',
        readOnly: true,
        description: 'Date and time of resource type association',
        format: 'date-time',
      },
      updated_at: {
        type: 'string',
        readOnly: true,
        description: 'Date and time of the last resource type association modification',
        format: 'date-time',
      },
    },
    additionalProperties: false,
    required: ['name'],
  },
  resource_types: {
    name: 'resource_type_associations',
    properties: {
      resource_type_associations: {
        type: 'array',
        items: {
          name: 'resource_type_association',
          properties: {
            name: {
              type: 'string',
              description:
                'Resource type names should be aligned with Heat resource types whenever possible: https://docs.openstack.org/heat/latest/template_guide/openstack.html',
              maxLength: 80,
            },
            prefix: {
              type: 'string',
              description:
                'Specifies the prefix to use for the given resource type. Any properties in the namespace should be prefixed with this prefix when being applied to the specified resource type. Must include prefix separator (e.g. a colon :).',
              maxLength: 80,
            },
            properties_target: {
              type: 'string',
              description:
                'Some resource types allow more than one key / value pair per instance.  For example, Cinder allows user and image metadata on volumes. Only the image properties metadata is evaluated by Nova (scheduling or drivers). This property allows a namespace target to remove the ambiguity.',
              maxLength: 80,
            },
            created_at: {
              type: 'string',
              readOnly: true,
              description: 'Date and time of resource type association',
              format: 'date-time',
            },
            updated_at: {
              type: 'string',
              readOnly: true,
              description: 'Date and time of the last resource type association modification',
              format: 'date-time',
            },
          },
          additionalProperties: false,
          required: ['name'],
        },
      },
      first: {
        type: 'string',
      },
      next: {
        type: 'string',
      },
      schema: {
        type: 'string',
      },
    },
    links: [
      {
        rel: 'first',
        href: '{first}',
      },
      {
        rel: 'next',
        href: '{next}',
      },
      {
        rel: 'describedby',
        href: '{schema}',
      },
    ],
  },
  property: {
    name: 'property',
    properties: {
      name: {
        type: 'string',
        maxLength: 80,
      },
      title: {
        type: 'string',
      },
      description: {
        type: 'string',
      },
      operators: {
        type: 'array',
        items: {
          type: 'string',
        },
      },
      type: {
        type: 'string',
        enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
      },
      required: {
        $ref: '#/definitions/stringArray',
      },
      minimum: {
        type: 'number',
      },
      maximum: {
        type: 'number',
      },
      maxLength: {
        $ref: '#/definitions/positiveInteger',
      },
      minLength: {
        $ref: '#/definitions/positiveIntegerDefault0',
      },
      pattern: {
        type: 'string',
        format: 'regex',
      },
      enum: {
        type: 'array',
      },
      readonly: {
        type: 'boolean',
      },
      default: {},
      items: {
        type: 'object',
        properties: {
          type: {
            type: 'string',
            enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
          },
          enum: {
            type: 'array',
          },
        },
      },
      maxItems: {
        $ref: '#/definitions/positiveInteger',
      },
      minItems: {
        $ref: '#/definitions/positiveIntegerDefault0',
      },
      uniqueItems: {
        type: 'boolean',
        default: false,
      },
      additionalItems: {
        type: 'boolean',
      },
    },
    additionalProperties: false,
    definitions: {
      positiveInteger: {
        type: 'integer',
        minimum: 0,
      },
      positiveIntegerDefault0: {
        allOf: [
          {
            $ref: '#/definitions/positiveInteger',
          },
          {
            default: 0,
          },
        ],
      },
      stringArray: {
        type: 'array',
        items: {
          type: 'string',
        },
        minItems: 1,
        uniqueItems: true,
      },
    },
    required: ['title', 'type', 'name'],
  },
  properties: {
    name: 'properties',
    properties: {
      properties: {
        type: 'object',
        additionalProperties: {
          name: 'property',
          properties: {
            name: {
              type: 'string',
              maxLength: 80,
            },
            title: {
              type: 'string',
            },
            description: {
              type: 'string',
            },
            operators: {
              type: 'array',
              items: {
                type: 'string',
              },
            },
            type: {
              type: 'string',
              enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
            },
            required: {
              $ref: '#/definitions/stringArray',
            },
            minimum: {
              type: 'number',
            },
            maximum: {
              type: 'number',
            },
            maxLength: {
              $ref: '#/definitions/positiveInteger',
            },
            minLength: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            pattern: {
              type: 'string',
              format: 'regex',
            },
            enum: {
              type: 'array',
            },
            readonly: {
              type: 'boolean',
            },
            default: {},
            items: {
              type: 'object',
              properties: {
                type: {
                  type: 'string',
                  enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
                },
                enum: {
                  type: 'array',
                },
              },
            },
            maxItems: {
              $ref: '#/definitions/positiveInteger',
            },
            minItems: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            uniqueItems: {
              type: 'boolean',
              default: false,
            },
            additionalItems: {
              type: 'boolean',
            },
          },
          additionalProperties: false,
          required: ['title', 'type'],
        },
      },
      first: {
        type: 'string',
      },
      next: {
        type: 'string',
      },
      schema: {
        type: 'string',
      },
    },
    links: [
      {
        rel: 'first',
        href: '{first}',
      },
      {
        rel: 'next',
        href: '{next}',
      },
      {
        rel: 'describedby',
        href: '{schema}',
      },
    ],
    definitions: {
      positiveInteger: {
        type: 'integer',
        minimum: 0,
      },
      positiveIntegerDefault0: {
        allOf: [
          {
            $ref: '#/definitions/positiveInteger',
          },
          {
            default: 0,
          },
        ],
      },
      stringArray: {
        type: 'array',
        items: {
          type: 'string',
        },
        minItems: 1,
        uniqueItems: true,
      },
    },
  },
  object: {
    name: 'object',
    properties: {
      name: {
        type: 'string',
        maxLength: 80,
      },
      description: {
        type: 'string',
      },
      required: {
        $ref: '#/definitions/stringArray',
      },
      properties: {
        $ref: '#/definitions/property',
      },
      schema: {
        readOnly: true,
        type: 'string',
      },
      self: {
        readOnly: true,
        type: 'string',
      },
      created_at: {
        type: 'string',
        readOnly: true,
        description: 'Date and time of object creation',
        format: 'date-time',
      },
      updated_at: {
        type: 'string',
        readOnly: true,
        description: 'Date and time of the last object modification',
        format: 'date-time',
      },
    },
    additionalProperties: false,
    definitions: {
      positiveInteger: {
        type: 'integer',
        minimum: 0,
      },
      positiveIntegerDefault0: {
        allOf: [
          {
            $ref: '#/definitions/positiveInteger',
          },
          {
            default: 0,
          },
        ],
      },
      stringArray: {
        type: 'array',
        items: {
          type: 'string',
        },
        uniqueItems: true,
      },
      property: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['title', 'type'],
          properties: {
            name: {
              type: 'string',
              maxLength: 80,
            },
            title: {
              type: 'string',
            },
            description: {
              type: 'string',
            },
            operators: {
              type: 'array',
              items: {
                type: 'string',
              },
            },
            type: {
              type: 'string',
              enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
            },
            required: {
              $ref: '#/definitions/stringArray',
            },
            minimum: {
              type: 'number',
            },
            maximum: {
              type: 'number',
            },
            maxLength: {
              $ref: '#/definitions/positiveInteger',
            },
            minLength: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            pattern: {
              type: 'string',
              format: 'regex',
            },
            enum: {
              type: 'array',
            },
            readonly: {
              type: 'boolean',
            },
            default: {},
            items: {
              type: 'object',
              properties: {
                type: {
                  type: 'string',
                  enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
                },
                enum: {
                  type: 'array',
                },
              },
            },
            maxItems: {
              $ref: '#/definitions/positiveInteger',
            },
            minItems: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            uniqueItems: {
              type: 'boolean',
              default: false,
            },
            additionalItems: {
              type: 'boolean',
            },
          },
        },
      },
    },
    required: ['name'],
  },
  objects: {
    name: 'objects',
    properties: {
      objects: {
        type: 'array',
        items: {
          name: 'object',
          properties: {
            name: {
              type: 'string',
              maxLength: 80,
            },
            description: {
              type: 'string',
            },
            required: {
              $ref: '#/definitions/stringArray',
            },
            properties: {
              $ref: '#/definitions/property',
            },
            schema: {
              readOnly: true,
              type: 'string',
            },
            self: {
              readOnly: true,
              type: 'string',
            },
            created_at: {
              type: 'string',
              readOnly: true,
              description: 'Date and time of object creation',
              format: 'date-time',
            },
            updated_at: {
              type: 'string',
              readOnly: true,
              description: 'Date and time of the last object modification',
              format: 'date-time',
            },
          },
          additionalProperties: false,
          required: ['name'],
        },
      },
      first: {
        type: 'string',
      },
      next: {
        type: 'string',
      },
      schema: {
        type: 'string',
      },
    },
    links: [
      {
        rel: 'first',
        href: '{first}',
      },
      {
        rel: 'next',
        href: '{next}',
      },
      {
        rel: 'describedby',
        href: '{schema}',
      },
    ],
    definitions: {
      positiveInteger: {
        type: 'integer',
        minimum: 0,
      },
      positiveIntegerDefault0: {
        allOf: [
          {
            $ref: '#/definitions/positiveInteger',
          },
          {
            default: 0,
          },
        ],
      },
      stringArray: {
        type: 'array',
        items: {
          type: 'string',
        },
        uniqueItems: true,
      },
      property: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['title', 'type'],
          properties: {
            name: {
              type: 'string',
              maxLength: 80,
            },
            title: {
              type: 'string',
            },
            description: {
              type: 'string',
            },
            operators: {
              type: 'array',
              items: {
                type: 'string',
              },
            },
            type: {
              type: 'string',
              enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
            },
            required: {
              $ref: '#/definitions/stringArray',
            },
            minimum: {
              type: 'number',
            },
            maximum: {
              type: 'number',
            },
            maxLength: {
              $ref: '#/definitions/positiveInteger',
            },
            minLength: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            pattern: {
              type: 'string',
              format: 'regex',
            },
            enum: {
              type: 'array',
            },
            readonly: {
              type: 'boolean',
            },
            default: {},
            items: {
              type: 'object',
              properties: {
                type: {
                  type: 'string',
                  enum: ['array', 'boolean', 'integer', 'number', 'object', 'string', null],
                },
                enum: {
                  type: 'array',
                },
              },
            },
            maxItems: {
              $ref: '#/definitions/positiveInteger',
            },
            minItems: {
              $ref: '#/definitions/positiveIntegerDefault0',
            },
            uniqueItems: {
              type: 'boolean',
              default: false,
            },
            additionalItems: {
              type: 'boolean',
            },
          },
        },
      },
    },
  },
  tag: {
    name: 'tag',
    properties: {
      name: {
        type: 'string',
        maxLength: 80,
      },
      created_at: {
        type: 'string',
        readOnly: true,
        description: 'Date and time of tag creation',
        format: 'date-time',
      },
      updated_at: {
        type: 'string',
        readOnly: true,
        description: 'Date and time of the last tag modification',
        format: 'date-time',
      },
    },
    additionalProperties: false,
    required: ['name'],
  },
  tags: {
    name: 'tags',
    properties: {
      tags: {
        type: 'array',
        items: {
          name: 'tag',
          properties: {
            name: {
              type: 'string',
              maxLength: 80,
            },
            created_at: {
              type: 'string',
              readOnly: true,
              description: 'Date and time of tag creation',
              format: 'date-time',
            },
            updated_at: {
              type: 'string',
              readOnly: true,
              description: 'Date and time of the last tag modification',
              format: 'date-time',
            },
          },
          additionalProperties: false,
          required: ['name'],
        },
      },
      first: {
        type: 'string',
      },
      next: {
        type: 'string',
      },
      schema: {
        type: 'string',
      },
    },
    links: [
      {
        rel: 'first',
        href: '{first}',
      },
      {
        rel: 'next',
        href: '{next}',
      },
      {
        rel: 'describedby',
        href: '{schema}',
      },
    ],
  },
};
