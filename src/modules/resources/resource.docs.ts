import { DISCOVERED_PROPERTY_NAME_MAX } from './discovered-property.entity';
import { TAG_MAX_LENGTH, TAGS_PER_RESOURCE } from './resource-tag.entity';
import { PROPERTIES_PER_RESOURCE, PROPERTY_VALUE_MAX_LENGTH } from './resource.rules';

/** What a resource's tags and properties may be: said once, on every field and argument that sets them. */
export const RESOURCE_DOCS = {
  tag: `A tag: case-sensitive, 1–${TAG_MAX_LENGTH} characters, no "/" or "," (BAD_USER_INPUT otherwise).`,
  tags: `Tags: case-sensitive, 1–${TAG_MAX_LENGTH} characters, no "/" or ","; duplicates count once, at most ${TAGS_PER_RESOURCE} (BAD_USER_INPUT otherwise).`,
  properties: `Key/value properties: a JSON object of at most ${PROPERTIES_PER_RESOURCE} keys (1–${DISCOVERED_PROPERTY_NAME_MAX} characters) to strings (at most ${PROPERTY_VALUE_MAX_LENGTH} characters), finite numbers or booleans. BAD_USER_INPUT naming the key otherwise.`,
  uuid: "The resource's uuid; NOT_FOUND (null for the resource query) when absent or not visible.",
} as const;
