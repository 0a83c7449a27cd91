"""Writes seeds/nova/: the definitions of every flavor extra spec and image property Nova reads.

Run by a developer (`npm run generate:nova`, i.e. `/usr/bin/python3 scripts/generate-nova-definitions.py`)
with Debian's python3-nova installed; not needed at run time. `--check` compares instead of writing
(test/nova-definitions.test.ts runs it): the committed files must be what this script writes.

Sources (Apache-2.0, OpenStack Foundation and others):
- nova/api/validation/extra_specs/*: every extra-spec validator (name, description, value type, enum, pattern,
  min/max, deprecation, parameters). One namespace per Nova namespace, `complete` (Nova refuses an unknown key
  under its prefix); the `trait…:` and `resources…:` validators (one per standard trait or resource class) become
  one parameterized definition each.
- nova/objects/image_meta.py (ImageMetaProps) and nova/objects/fields.py: every image property Nova reads, with
  its enum and the case rules of its field's coerce.
- os_resource_classes.STANDARDS: seeds/standard-resource-classes.txt.

Python regular expressions become ECMAScript ones (unicode flag): `\\d` is `\\p{Nd}` and `\\w` `[\\p{L}\\p{N}_]`, as
Python reads them in a str pattern; `.` does not match a newline; a pattern is anchored (Nova uses fullmatch).
"""

import argparse
import json
import logging
import os
import re
import sys
import warnings

warnings.simplefilter('ignore')
logging.disable(logging.CRITICAL)

import os_resource_classes  # noqa: E402
from nova import version as nova_version  # noqa: E402
from nova.api.validation.extra_specs import validators  # noqa: E402
from nova.objects import fields as nova_fields  # noqa: E402
from nova.objects import image_meta  # noqa: E402
from oslo_versionedobjects import fields as ovo_fields  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, 'seeds', 'nova')
RESOURCE_CLASSES = os.path.join(ROOT, 'seeds', 'standard-resource-classes.txt')

RELEASE = nova_version.version_string()
PROVENANCE = f'Generated from Nova {RELEASE} (Apache-2.0) by scripts/generate-nova-definitions.py.'
OPERATORS = ['<or>', '<in>', '<all-in>']

# Upstream inconsistencies a reader of these definitions should know (docs/catalog.md repeats them).
NOTES = {
    'hw:max_cpu_sockets': 'hw:cpu_max_sockets',
    'hw:max_cpu_cores': 'hw:cpu_max_cores',
    'hw:max_cpu_threads': 'hw:cpu_max_threads',
}

GROUP_PATTERN = '([a-zA-Z0-9_-]{1,64})?'


def js_pattern(python):
    """A Python `re` pattern (str) as the ECMAScript pattern that reads the same text, anchored."""
    out, i = [], 0
    in_class = False
    while i < len(python):
        char = python[i]
        if char == '\\' and i + 1 < len(python):
            escape = python[i:i + 2]
            if escape == '\\d':
                out.append('\\p{Nd}')
            elif escape == '\\w':
                out.append('\\p{L}\\p{N}_' if in_class else '[\\p{L}\\p{N}_]')
            else:
                out.append(escape)
            i += 2
            continue
        if char == '[' and not in_class:
            in_class = True
        elif char == ']' and in_class:
            in_class = False
        elif char == '.' and not in_class:
            out.append('[^\\n]')
            i += 1
            continue
        elif char == '(' and python[i:i + 4] == '(?P<':
            # named groups: ECMAScript spells them (?<name>…); none is referenced, so make them plain
            end = python.index('>', i)
            out.append('(?:')
            i = end + 1
            continue
        out.append(char)
        i += 1
    return f'^(?:{"".join(out)})$'


def title_of(name):
    return name


def described(*parts):
    text = ' '.join(part.strip() for part in parts if part and part.strip())
    return re.sub(r'\s+', ' ', text)


def value_schema(spec):
    """The JSON-schema keywords of a validator's value."""
    kind = spec['type']
    schema = {}
    if kind is bool:
        schema['type'] = 'boolean'
    elif kind is int:
        schema['type'] = 'integer'
        if 'min' in spec:
            schema['minimum'] = spec['min']
        if 'max' in spec:
            schema['maximum'] = spec['max']
    else:
        schema['type'] = 'string'
        if 'pattern' in spec:
            schema['pattern'] = js_pattern(spec['pattern'])
        elif 'enum' in spec:
            schema['enum'] = list(spec['enum'])
    return schema


def placeholder(param, family=None):
    name = param['name']
    pattern = param['pattern']
    if pattern == GROUP_PATTERN:
        kind = {'kind': 'group'}
    elif pattern == r'\d+':
        kind = {'kind': 'number'}
    else:
        kind = {'kind': 'text', 'pattern': js_pattern(pattern)}
    result = {'name': name, **kind}
    if param.get('description'):
        result['description'] = param['description']
    return result


def flavor_namespaces():
    by_namespace = {}
    families = {}
    for validator in validators.VALIDATORS.values():
        name = validator.name
        if name.startswith('trait{group}:') or name.startswith('resources{group}:'):
            families.setdefault(name.split('{')[0], []).append(validator)
            continue
        namespace = name.split(':', 1)[0] if ':' in name else ''
        by_namespace.setdefault(namespace, []).append(validator)

    documents = []
    for namespace, members in sorted(by_namespace.items()):
        prefix = f'{namespace}:' if namespace else None
        properties = {}
        for validator in members:
            stored = validator.name[len(prefix):] if prefix else validator.name
            doc = {'title': title_of(validator.name)}
            doc.update(value_schema(validator.value))
            note = ''
            if validator.name in NOTES:
                note = (
                    f"Nova's validators spell this key {validator.name}, while its libvirt driver reads "
                    f'{NOTES[validator.name]} (which these validators refuse): set by this name, it is accepted '
                    'but not read.'
                )
            doc['description'] = described(validator.description, validator.value.get('description'), note)
            if validator.name.startswith(('capabilities:', 'aggregate_instance_extra_specs:')):
                doc['operators'] = OPERATORS
            if validator.parameters:
                doc['parameters'] = [placeholder(param) for param in validator.parameters]
            if validator.deprecated:
                replacement = re.search(r'``([^`]+)`` extra spec should be used instead', validator.description)
                doc['deprecated'] = {'reason': 'Deprecated by Nova.'}
                if replacement:
                    doc['deprecated']['replacement'] = replacement.group(1)
            properties[stored] = doc
        documents.append(
            {
                'namespace': f'OS::Nova::ExtraSpecs::{namespace or "unnamespaced"}',
                'display_name': f'Nova extra specs: {namespace or "without namespace"}',
                'description': (
                    f"Every flavor extra spec of Nova's {namespace or 'un-namespaced'} validators. {PROVENANCE}"
                ),
                'visibility': 'public',
                'protected': True,
                'complete': bool(namespace),
                'resource_type_associations': [
                    {'name': 'OS::Nova::Flavor', **({'prefix': prefix} if prefix else {})}
                ],
                'properties': dict(sorted(properties.items())),
            }
        )

    trait = {
        'title': 'trait{group}:{trait}',
        'type': 'string',
        'enum': ['required', 'forbidden'],
        'description': described(
            'Require or forbid a trait of the resource provider (placement), in the unnumbered request group '
            'or in the request group named by {group}. Nova knows every os-traits trait and CUSTOM_ ones; the '
            'catalog, the traits it knows.'
        ),
        'parameters': [
            {'name': 'group', 'kind': 'group', 'description': 'A request group suffix (empty: the unnumbered group).'},
            {'name': 'trait', 'kind': 'trait', 'description': 'A trait the catalog knows, standard or custom.'},
        ],
    }
    resources = {
        'title': 'resources{group}:{resource_class}',
        'type': 'integer',
        'minimum': 0,
        'description': described(
            'The amount of a resource class requested, in the unnumbered request group or in the request group '
            'named by {group}. A standard resource class (os-resource-classes) or a CUSTOM_ one.'
        ),
        'parameters': [
            {'name': 'group', 'kind': 'group', 'description': 'A request group suffix (empty: the unnumbered group).'},
            {'name': 'resource_class', 'kind': 'resourceClass', 'description': 'A standard or CUSTOM_ resource class.'},
        ],
    }
    assert set(families) == {'trait', 'resources'}, families
    for family, definition, pattern in (('trait', trait, 'trait{group}:{trait}'),
                                        ('resources', resources, 'resources{group}:{resource_class}')):
        documents.append(
            {
                'namespace': f'OS::Nova::ExtraSpecs::{family}',
                'display_name': f'Nova extra specs: {family}',
                'description': f"The {family}{{group}}: flavor extra specs of Nova's validators. {PROVENANCE}",
                'visibility': 'public',
                'protected': True,
                'complete': True,
                'resource_type_associations': [{'name': 'OS::Nova::Flavor'}],
                'properties': {pattern: definition},
            }
        )
    return documents


# Image properties: hand-written where a field's coerce is code rather than data.
VERSION_PREDICATE = (
    # distutils' VersionPredicate('check (…)'): comma-separated comparisons of StrictVersion numbers
    r'^\s*(?:<=|>=|<|>|!=|==)\s*[0-9]+\.[0-9]+(?:\.[0-9]+)?(?:[ab][0-9]+)?\s*'
    r'(?:,\s*(?:<=|>=|<|>|!=|==)\s*[0-9]+\.[0-9]+(?:\.[0-9]+)?(?:[ab][0-9]+)?\s*)*$'
)
# nova.virt.hardware.parse_cpu_spec: comma-separated parts, each empty, N, ^N, N-M or ^N-M (int() numbers)
_INT = r'\s*\+?\p{Nd}+(?:_\p{Nd}+)*\s*'
_PART = rf'\s*(?:\^?{_INT}-{_INT}|\^{_INT}|{_INT})?\s*'
CPU_SPEC = rf'^{_PART}(?:,{_PART})*$'

# Aliases some fields' coerce accepts besides their enum (fields.py canonicalize and LEGACY_VALUES); the
# generator keeps those the field really accepts.
ALIAS_CANDIDATES = ['i386', 'i486', 'i586', 'x86_32', 'x86_32p', 'amd64', 'xapi', 'pv', 'hv', 'baremetal',
                    'lsilogicsas', 'paravirtual'] + list(nova_fields.VIFModel.LEGACY_VALUES)


def accepts(field, value):
    try:
        field.coerce(None, 'x', value)
        return True
    except Exception:
        return False


def image_property(name, field):
    if isinstance(field, ovo_fields.FlexibleBooleanField):
        return {'type': 'boolean', 'lenient': True}
    if isinstance(field, ovo_fields.IntegerField):
        return {'type': 'integer'}
    if isinstance(field, ovo_fields.BaseEnumField):
        values = list(field._type._valid_values)
        doc = {'type': 'string'}
        insensitive = all(accepts(field, value.upper()) for value in values if value.upper() != value)
        aliases = [alias for alias in ALIAS_CANDIDATES if alias not in values and accepts(field, alias)]
        doc['enum'] = values + aliases
        if insensitive and any(value.upper() != value for value in values):
            doc['caseInsensitive'] = True
        return doc
    if isinstance(field, ovo_fields.VersionPredicateField):
        return {'type': 'string', 'pattern': VERSION_PREDICATE}
    return {'type': 'string'}


IMAGE_DESCRIPTIONS = {
    'img_block_device_mapping': 'A JSON list of block device mappings (Nova decodes it before reading it).',
    'img_mappings': 'A JSON list of device mappings (Nova decodes it before reading it).',
    'img_signature_certificate_uuid': 'The UUID of the certificate of the image signature.',
    'traits_required': "Not read from here: Nova builds it from the image's trait:NAME=required properties.",
}


def image_namespace():
    props = image_meta.ImageMetaProps
    legacy = {old: new for old, new in props._legacy_property_map.items()}
    properties = {}
    for name, field in sorted(props.fields.items()):
        if name == 'hw_numa_cpus':
            properties['hw_numa_cpus.{num}'] = {
                'title': 'hw_numa_cpus.{num}', 'type': 'string', 'pattern': CPU_SPEC,
                'description': 'The guest CPUs (a CPU set: 0-3,^2) of guest NUMA node {num}.',
                'parameters': [{'name': 'num', 'kind': 'number', 'description': 'The guest NUMA node.'}],
            }
            continue
        if name == 'hw_numa_mem':
            properties['hw_numa_mem.{num}'] = {
                'title': 'hw_numa_mem.{num}', 'type': 'integer',
                'description': 'The guest memory (MB) of guest NUMA node {num}.',
                'parameters': [{'name': 'num', 'kind': 'number', 'description': 'The guest NUMA node.'}],
            }
            continue
        doc = {'title': name, **image_property(name, field)}
        doc['description'] = IMAGE_DESCRIPTIONS.get(name, f'Read by Nova as ImageMetaProps.{name} ({type(field).__name__}).')
        properties[name] = doc
    for old, new in sorted(legacy.items()):
        doc = dict(properties[new])
        doc['title'] = old
        doc['description'] = f'The legacy name of {new}, read by Nova when {new} is not set.'
        doc['deprecated'] = {'reason': f'A legacy name Nova still reads as {new}.', 'replacement': new}
        properties[old] = doc
    scsi = image_property('hw_scsi_model', props.fields['hw_scsi_model'])
    properties['vmware_adaptertype'] = {
        # empty: Nova ignores the property
        'title': 'vmware_adaptertype', 'type': 'string', 'enum': ['', 'ide'] + scsi['enum'], 'caseInsensitive': True,
        'description': 'The legacy VMware adapter type: ide sets hw_disk_bus, anything else hw_scsi_model; empty, nothing.',
        'deprecated': {'reason': 'A legacy name Nova still reads as hw_disk_bus or hw_scsi_model.',
                       'replacement': 'hw_scsi_model'},
    }
    properties['trait:{trait}'] = {
        'title': 'trait:{trait}', 'type': 'string', 'enum': ['required'], 'lenient': True,
        'description': 'Require a trait of the host (placement). Nova ignores any other value.',
        'parameters': [{'name': 'trait', 'kind': 'trait', 'description': 'A trait the catalog knows.'}],
    }
    return {
        'namespace': 'OS::Nova::ImageProperties',
        'display_name': 'Nova image properties',
        'description': f'Every image property Nova reads (ImageMetaProps), with its legacy names. {PROVENANCE}',
        'visibility': 'public',
        'protected': True,
        # complete: its definitions decide the keys they name; it refuses no other key (Nova ignores unknown
        # image properties, and no key of it has a colon but trait:, which is all Nova's)
        'complete': True,
        'resource_type_associations': [{'name': 'OS::Glance::Image'}],
        'properties': dict(sorted(properties.items())),
    }


def file_name(namespace):
    return namespace.lower().replace('::', '-') + '.json'


def outputs():
    files = {}
    for document in flavor_namespaces() + [image_namespace()]:
        files[os.path.join(OUT, file_name(document['namespace']))] = json.dumps(document, indent=2) + '\n'
    files[os.path.join(OUT, 'SOURCE.md')] = (
        '# Nova\'s definitions\n\n'
        f'{PROVENANCE} Do not edit: run `npm run generate:nova` (Debian\'s python3-nova) to regenerate them for\n'
        'the installed Nova release; test/nova-definitions.test.ts fails when these files differ from its output.\n\n'
        f'- Nova {RELEASE}: nova/api/validation/extra_specs (flavor extra specs), nova/objects/image_meta.py and\n'
        '  nova/objects/fields.py (image properties).\n'
        f'- os-resource-classes: {len(os_resource_classes.STANDARDS)} standard resource classes '
        '(seeds/standard-resource-classes.txt).\n'
        '- Licence: Apache-2.0 (OpenStack Foundation and others).\n'
    )
    files[RESOURCE_CLASSES] = ''.join(f'{name}\n' for name in os_resource_classes.STANDARDS)
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--check', action='store_true', help='compare with the committed files; exit 1 on a difference')
    args = parser.parse_args()
    files = outputs()
    if args.check:
        existing = {os.path.join(OUT, name) for name in os.listdir(OUT)} if os.path.isdir(OUT) else set()
        differ = sorted(path for path, text in files.items()
                        if not os.path.exists(path) or open(path, encoding='utf8').read() != text)
        extra = sorted(existing - set(files))
        for path in differ + extra:
            print(os.path.relpath(path, ROOT))
        sys.exit(1 if differ or extra else 0)
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        path = os.path.join(OUT, name)
        if path not in files:
            os.remove(path)
    for path, text in files.items():
        with open(path, 'w', encoding='utf8') as handle:
            handle.write(text)


if __name__ == '__main__':
    main()
