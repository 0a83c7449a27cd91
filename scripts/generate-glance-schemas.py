"""Writes src/common/glance-schemas.ts: the JSON schemas Glance answers at /v2/schemas/metadefs/{name}.

Run by a developer with a checkout of openstack/glance (Apache-2.0, OpenStack Foundation):
`/usr/bin/python3 scripts/generate-glance-schemas.py /path/to/glance`. Glance itself is not needed at run time,
nor installed (Debian's python3-glance pulls in over a hundred packages): the script evaluates only the schema
functions of glance/api/v2/metadef_*.py (`get_schema()`, `get_collection_schema()`) and glance/schema.py's
`raw()`, with the mandatory attributes of glance/api/v2/model/metadef_*.py, and writes what Glance's
/v2/schemas/metadefs/… routes answer (glance/api/v2/schemas.py), key order kept.
"""

import ast
import json
import os
import subprocess
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, 'src', 'common', 'glance-schemas.ts')
WANT = {'_get_base_definitions', 'get_schema_definitions', '_get_base_properties', 'get_schema',
        'get_collection_schema'}


def main(checkout):
    def source(path):
        return open(os.path.join(checkout, path)).read()

    schema_module = types.ModuleType('glance.schema')
    exec(compile(ast.Module(body=[node for node in ast.parse(source('glance/schema.py')).body
                                  if isinstance(node, ast.ClassDef)], type_ignores=[]),
                 'glance/schema.py', 'exec'), schema_module.__dict__)
    glance = types.SimpleNamespace(schema=schema_module)

    def model(*mandatory):
        return type('Model', (), {'get_mandatory_attrs': staticmethod(lambda: list(mandatory))})

    def load(name, extra):
        tree = ast.parse(source('glance/api/v2/%s.py' % name))
        body = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name in WANT]
        scope = {'_': lambda text: text, 'glance': glance, **extra}
        exec(compile(ast.Module(body=body, type_ignores=[]), name, 'exec'), scope)
        return types.SimpleNamespace(**scope)

    # The mandatory attributes of the WSME models (wsme lists them by name).
    namespaces = load('metadef_namespaces', {'Namespace': model('namespace')})
    resource_types = load('metadef_resource_types', {'ResourceTypeAssociation': model('name')})
    properties = load('metadef_properties', {'PropertyType': model('title', 'type'), 'namespaces': namespaces})
    objects = load('metadef_objects', {'MetadefObject': model('name'), 'namespaces': namespaces,
                                       'properties': properties})
    tags = load('metadef_tags', {'MetadefTag': model('name'), 'namespaces': namespaces})
    commit = subprocess.run(['git', '-C', checkout, 'rev-parse', 'HEAD'], capture_output=True,
                            text=True).stdout.strip()
    documents = {
        'namespace': namespaces.get_schema().raw(),
        'namespaces': namespaces.get_collection_schema().raw(),
        'resource_type': resource_types.get_schema().raw(),
        'resource_types': resource_types.get_collection_schema().raw(),
        'property': properties.get_schema().raw(),
        'properties': properties.get_collection_schema().raw(),
        'object': objects.get_schema().raw(),
        'objects': objects.get_collection_schema().raw(),
        'tag': tags.get_schema().raw(),
        'tags': tags.get_collection_schema().raw(),
    }
    with open(OUT, 'w') as out:
        out.write('/**\n * Glance\'s metadef JSON schemas, as /v2/schemas/metadefs/{name} answers them. Generated from openstack/glance\n'
                  ' * %s (glance/api/v2/metadef_*.py, Apache-2.0) by scripts/generate-glance-schemas.py: do not edit.\n */\n'
                  % (commit or '(a checkout)'))
        out.write('export const GLANCE_METADEF_SCHEMAS = %s;\n' % json.dumps(documents, indent=2))
    subprocess.run([os.path.join(ROOT, 'node_modules', '.bin', 'prettier'), '--write', OUT], check=True,
                   stdout=subprocess.DEVNULL)


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit('usage: generate-glance-schemas.py /path/to/glance-checkout')
    main(sys.argv[1])
