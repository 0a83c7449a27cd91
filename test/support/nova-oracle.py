"""Nova's own verdicts on generated metadata cases (test/nova-agreement.test.ts).

Run with Debian's /usr/bin/python3 (python3-nova). Prints one JSON document:
{"nova": "<release>", "flavor": [case, ...], "image": [case, ...]}, each case
{"key", "value", "ok" (Nova's verdict), "family" (what the case tries), "message"}.

Flavor extra specs are judged by nova.api.validation.extra_specs.validators.validate, the
code Nova's API runs (microversion 2.86 on); image properties by
nova.objects.ImageMetaProps.from_dict, which reads them for every boot. The cases are built
from the validators and the fields themselves, deterministically (no randomness).
"""

import json
import logging
import sys
import warnings

warnings.simplefilter('ignore')
logging.disable(logging.CRITICAL)

import os_resource_classes  # noqa: E402
import os_traits  # noqa: E402
from nova import exception  # noqa: E402
from nova import version as nova_version  # noqa: E402
from nova.api.validation.extra_specs import validators  # noqa: E402
from nova.objects import fields as nova_fields  # noqa: E402
from nova.objects import image_meta  # noqa: E402
from oslo_versionedobjects import fields as ovo_fields  # noqa: E402

# A custom trait the test creates before it asks (the catalog knows it); another it does not.
KNOWN_CUSTOM_TRAIT = 'CUSTOM_ORACLE_KNOWN'
UNKNOWN_CUSTOM_TRAIT = 'CUSTOM_ORACLE_UNKNOWN'

BOOLEAN_VALUES = [
    'true', 'false', 'True', 'FALSE', 'tRuE', 'yes', 'No', 'YES', 'on', 'OFF', 'On',
    '1', '0', 't', 'F', 'y', 'N', ' true', 'yes ', '\tno\n', ' 1 ',
    'maybe', '2', '', ' ', 'tru', 'yes please', '10', 'enabled', '-1', 'none', 'null',
    'TRUE ', 'Yes', 'oN', 'T', 'Y', 'nO', '0 ', 'truee', 'fals', 'ja', 'si', 'y e s',
]

INT_JUNK = ['abc', '', ' ', '1.5', '3.0', '1e3', '0x10', '+ 1', '1_', '_1', '1__0', '١٢', 'one', '5 5']
INT_ODD = ['007', ' 7 ', '+3', '1_000', '-0', '\t12\n', '0', '2', '-2', '1000', '65536', ' +4', '- 1', '1 000']

PATTERN_SAMPLES = {
    # What a Nova pattern accepts and refuses, by pattern.
    r'(\^)?\d+((-\d+)?(,\^?\d+(-\d+)?)?)*': (
        ['0', '1-3', '0-3,^2', '^1', '0,1,2', '2-5,^3,7', '10-11'],
        ['', 'a', '1-', '1,,2', ' 1', '1 - 3', '-1', '0-3,'],
    ),
    r'\^?\d+((-\d+)?(,\^?\d+(-\d+)?)?)*': (
        ['0', '1-3', '0-3,^2', '^1', '0,1,2', '4-7'],
        ['', 'a', '1-', '1,,2', ' 1', 'all'],
    ),
    r'(large|small|any|\d+([kKMGT]i?)?(b|bit|B)?)': (
        ['large', 'small', 'any', '2048', '2MB', '1GiB', '4k', '2Mi', '1Gb', '64Kibit', '1T'],
        ['LARGE', 'huge', '', '2 MB', '1.5G', 'GB', '2MBB', '-1'],
    ),
    '([a-zA-Z0-9_]+(,)?)+': (['pmem', 'SMALL,LARGE', 'a,b,c', 'a,', 'x_1'], ['', ',a', 'a,,b', 'a b', 'a-b']),
    r'[^:]+:\d+(?:\s*,\s*[^:]+:\d+)*': (
        ['a1:2', 'gpu:1', 'a:1, b:2', 'nic:1,gpu:2', 'x y:3'],
        ['', 'a1', 'a:b', 'a:1,', ':1', 'a:1:2'],
    ),
}

FREE_TEXT = ['anything', '', 'two words', '>= 5', 's== 2.1.0', '<in> gcc', '<or> a <or> b', '<all-in> aes mmx']


def swaps(key):
    """The key with two neighbouring characters swapped, in the middle and at the start (when they differ)."""
    found = []
    for start in (len(key) // 2, 0):
        for i in range(start, len(key) - 1):
            if key[i] != key[i + 1]:
                swapped = key[:i] + key[i + 1] + key[i] + key[i + 2:]
                if swapped not in found:
                    found.append(swapped)
                break
    return found


def int_values(spec):
    values = list(INT_ODD) + list(INT_JUNK) + ['42', '-5', '99999999999999999999999']
    for bound in ('min', 'max'):
        if bound in spec:
            b = spec[bound]
            values += [str(b), str(b - 1), str(b + 1)]
    return values


def flavor_cases():
    cases = []

    def add(key, value, family):
        try:
            validators.validate(key, value)
            cases.append({'key': key, 'value': value, 'ok': True, 'family': family})
        except exception.ValidationError as error:
            cases.append({'key': key, 'value': value, 'ok': False, 'family': family, 'message': str(error)})

    plain = [v for v in validators.VALIDATORS.values() if not v.parameters]
    for validator in plain:
        name, spec = validator.name, validator.value
        if spec['type'] is bool:
            for value in BOOLEAN_VALUES:
                add(name, value, 'boolean')
        elif spec['type'] is int:
            for value in int_values(spec):
                add(name, value, 'integer')
        elif 'enum' in spec:
            for member in spec['enum']:
                add(name, member, 'enum')
                if member.upper() != member:
                    add(name, member.upper(), 'enum-case')
                if member.title() not in (member, member.upper()):
                    add(name, member.title(), 'enum-case')
                add(name, f' {member}', 'enum-space')
            add(name, 'other', 'enum')
            add(name, '', 'enum')
        elif 'pattern' in spec:
            good, bad = PATTERN_SAMPLES[spec['pattern']]
            for value in good + bad:
                add(name, value, 'pattern')
        else:
            for value in FREE_TEXT:
                add(name, value, 'text')
        for swapped in swaps(name):
            add(swapped, 'true' if spec['type'] is bool else '1', 'typo')

    # Parameterized keys: NUMA, capabilities filters, aggregate keys.
    for num in ['0', '1', '7', '12', 'x', '', '-1', '1.5', '٣']:
        add(f'hw:numa_cpus.{num}', '0-1', 'numa-key')
        add(f'hw:numa_mem.{num}', '1024', 'numa-key')
    for value in ['0', '0-3,^2', 'a', '', '1-']:
        add('hw:numa_cpus.1', value, 'numa-value')
    for value in ['1', '0', '-1', '2048', 'x', ' 512 ']:
        add('hw:numa_mem.1', value, 'numa-value')
    filtered = [v.name.split('{')[0] for v in validators.VALIDATORS.values() if v.name.endswith('{filter}')]
    for base in filtered:
        for suffix in ['', ':a', ':a:b', ':', '::a', ':a b', ':x-y', ':é']:
            add(base + suffix, '>= 1', 'capability-filter')
    for key in ['aggregate_instance_extra_specs:ssd', 'aggregate_instance_extra_specs:a:b',
                'aggregate_instance_extra_specs:', 'aggregate_instance_extra_specs: ',
                'aggregate_instance_extra_specs:x y']:
        for value in ['true', '<or> a <or> b', '']:
            add(key, value, 'aggregate')

    # Traits: every standard trait, the custom ones, unknown and malformed names, groups.
    for index, trait in enumerate(sorted(os_traits.get_traits())):
        for group in ['', '1', ['_a', 'x-y', 'G' * 64, 'B'][index % 4]]:
            for value in ['required', 'forbidden']:
                add(f'trait{group}:{trait}', value, 'trait')
        if index % 3 == 0:
            add(f'trait{group}:{trait}', ['Required', 'yes', '', 'forbid'][index % 4], 'trait-value')
    for group in ['', '2', '_x']:
        for value in ['required', 'forbidden', 'preferred']:
            add(f'trait{group}:{KNOWN_CUSTOM_TRAIT}', value, 'trait-custom')
        add(f'trait{group}:{UNKNOWN_CUSTOM_TRAIT}', 'required', 'trait-custom-unknown')
    for name in ['HW_CPU_X86_AVX9', 'hw_cpu_x86_avx2', 'CUSTOM_lower', 'CUSTOM_', 'SOME-TRAIT', '']:
        add(f'trait:{name}', 'required', 'trait-unknown')
    add('trait' + 'G' * 65 + ':HW_CPU_X86_AVX2', 'required', 'trait-group')
    add('trait!:HW_CPU_X86_AVX2', 'required', 'trait-group')

    # Resource classes.
    for index, rc in enumerate(os_resource_classes.STANDARDS):
        for group in ['', '1', '_b-c', 'abc']:
            for value in ['1', '0', '16', 'x', '1.5', ' 2 ', '', '100', '007', '+1', '1_0', 'one']:
                add(f'resources{group}:{rc}', value, 'resource')
        add(f'resources:{rc}', '-1', 'resource-negative')
    for name in ['CUSTOM_FPGA_X', 'CUSTOM_GPU']:
        for value in ['1', '0', 'x']:
            add(f'resources:{name}', value, 'resource-custom')
    for name in ['VCPUS', 'vcpu', 'CUSTOM_lower', 'CUSTOM_', 'MEMORY-MB']:
        add(f'resources:{name}', '1', 'resource-unknown')
    add('resources' + 'G' * 65 + ':VCPU', '1', 'resource-group')

    # Keys no validator knows: inside a namespace Nova recognises, and outside any.
    for key in ['hw:cpu_polciy', 'hw:unknown', 'hw:cpu_max_sockets', 'hw:cpu_max_cores', 'hw:cpu_max_threads',
                'hw:cpu_mode', 'hw:', 'quota:foo', 'os:foo', 'vmware:x', 'accel:x', 'hw_rng:x', 'hw_video:x',
                'pci_passthrough:x', 'capabilities:hots', 'capabilities:', 'hw:watchdog']:
        add(key, '1', 'unknown-inside')
    for key in ['foo', 'my:key', 'custom:thing', 'hw-thing:x', 'group_polic', 'cpu_info:vendor', 'hide_hypervisor',
                'HW:cpu_policy', 'hw.cpu_policy', 'sriov:x', 'aggregate:x']:
        add(key, '1', 'unknown-outside')
    return cases


def coerce_ok(key, value):
    try:
        image_meta.ImageMetaProps.from_dict({key: value})
        return True, None
    except Exception as error:  # Nova raises ValueError, exception.Invalid and others
        return False, f'{type(error).__name__}: {error}'


def image_cases():
    cases = []

    def add(key, value, family):
        ok, message = coerce_ok(key, value)
        case = {'key': key, 'value': value, 'ok': ok, 'family': family}
        if message:
            case['message'] = message
        cases.append(case)

    props = image_meta.ImageMetaProps
    legacy = {new: old for old, new in props._legacy_property_map.items()}
    for name, field in sorted(props.fields.items()):
        keys = [name] + ([legacy[name]] if name in legacy else [])
        if name in ('hw_numa_cpus', 'hw_numa_mem', 'traits_required', 'img_block_device_mapping', 'img_mappings'):
            continue
        for key in keys:
            if isinstance(field, ovo_fields.FlexibleBooleanField):
                for value in BOOLEAN_VALUES:
                    add(key, value, 'boolean')
            elif isinstance(field, ovo_fields.IntegerField):
                for value in int_values({}):
                    add(key, value, 'integer')
            elif isinstance(field, ovo_fields.BaseEnumField):
                for member in field._type._valid_values:
                    add(key, member, 'enum')
                    add(key, member.upper() if member.upper() != member else member.lower(), 'enum-case')
                    if member.title() not in (member, member.upper()):
                        add(key, member.title(), 'enum-case')
                    add(key, f'{member} ', 'enum-space')
                add(key, 'other', 'enum')
                add(key, '', 'enum')
            elif isinstance(field, ovo_fields.VersionPredicateField):
                for value in ['>=1.0', '>= 2.0', '<3.0', '==1.2.3', '>=1.0, <2.0', '!=4.1', '>=2.0a1',
                              '1.0', '>=1', '>= x', '', '=>1.0', '>=1.0,', '> 1.0.0.0']:
                    add(key, value, 'version')
            elif isinstance(field, ovo_fields.UUIDField):
                for value in ['0f8fad5b-d9cb-469f-a165-70867728950e', 'not-a-uuid', '']:
                    add(key, value, 'text')
            else:
                for value in FREE_TEXT:
                    add(key, value, 'text')
        for swapped in swaps(name):
            if swapped not in props.fields:
                add(swapped, '1', 'typo')

    for num, value in [('0', '0-1'), ('0', '0,2-3,^2'), ('0', 'x'), ('0', '1-0'), ('0', ' 1 , 2 '), ('0', ''),
                       ('0', '^1'), ('0', '1-'), ('1', '0-1'), ('2', 'x')]:
        add(f'hw_numa_cpus.{num}', value, 'numa-value')
    for num, value in [('0', '1024'), ('0', 'x'), ('0', ' 12 '), ('0', '-1'), ('0', '1_0'), ('1', '512'),
                       ('3', 'x')]:
        add(f'hw_numa_mem.{num}', value, 'numa-value')
    for value in ['ide', 'lsiLogic', 'lsilogic', 'buslogic', 'other', '']:
        add('vmware_adaptertype', value, 'enum')
    for trait, value in [('HW_CPU_X86_AVX2', 'required'), ('HW_CPU_X86_AVX2', 'forbidden'),
                         (KNOWN_CUSTOM_TRAIT, 'required'), ('HW_CPU_X86_AVX2', 'yes')]:
        add(f'trait:{trait}', value, 'trait')
    add(f'trait:{UNKNOWN_CUSTOM_TRAIT}', 'required', 'trait-custom-unknown')
    for key in ['trait:hw_cpu_x86_avx2', 'trait:']:
        add(key, 'required', 'trait-malformed')
    add('traits_required', 'anything', 'text')
    for key in ['foo', 'hw_unknown', 'my_property', 'os_foo', 'img_x', 'hw:cpu_policy']:
        add(key, '1', 'unknown-outside')
    return cases


def main():
    json.dump(
        {
            'nova': nova_version.version_string(),
            'knownCustomTrait': KNOWN_CUSTOM_TRAIT,
            'flavor': flavor_cases(),
            'image': image_cases(),
        },
        sys.stdout,
    )


if __name__ == '__main__':
    main()
