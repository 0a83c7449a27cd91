import { DISCOVERED_PROPERTY_NAME_MAX } from './discovered-property.entity';
import { TAG_MAX_LENGTH, TAGS_PER_RESOURCE } from './resource-tag.entity';
import { PROPERTIES_PER_RESOURCE, PROPERTY_VALUE_MAX_LENGTH } from './resource.rules';

/** What a resource's tags and properties may be: said once, on every field and argument that sets them. */
export const RESOURCE_DOCS = {
  tag: `A tag: case-sensitive, 1–${TAG_MAX_LENGTH} characters, no "/" or "," (BAD_USER_INPUT otherwise).`,
  tags: `Tags: case-sensitive, 1–${TAG_MAX_LENGTH} characters, no "/" or ","; duplicates count once, at most ${TAGS_PER_RESOURCE} (BAD_USER_INPUT otherwise).`,
  properties: `Key/value properties: a JSON object of at most ${PROPERTIES_PER_RESOURCE} keys (1–${DISCOVERED_PROPERTY_NAME_MAX} characters) to strings (at most ${PROPERTY_VALUE_MAX_LENGTH} characters), finite numbers or booleans. BAD_USER_INPUT naming the key otherwise.`,
  uuid: "The resource's uuid; NOT_FOUND (null for the resource query) when absent or not visible.",
  newUuid:
    "The cloud object's uuid; default: a new random one. CONFLICT when a resource the caller can see has it (the caller's project's; any, for an admin). BAD_USER_INPUT (input.uuid, one message for both) when it cannot be used: the nil or max uuid, or a uuid a resource the caller cannot see has. That answer names no resource and is the one every such uuid gets; but uuids are unique across projects, so a refused uuid other than nil and max is in use somewhere: that much is observable, nothing more (whose it is, its type, name, tags stay hidden, and every other look-up of it answers as for a uuid nobody has).",
} as const;
