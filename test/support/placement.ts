import { ADMIN, type TestApp, type Who } from './test-app';

export interface ProviderFields {
  uuid?: string;
  name?: string;
  parentUuid?: string | null;
}

export interface CreatedProvider {
  id: string;
  uuid: string;
  name: string;
  generation: number;
}

let counter = 0;
/** A provider name no other test uses. */
export function providerName(prefix = 'rp'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** A custom trait name no other test uses. */
export function customTrait(prefix = 'T'): string {
  counter += 1;
  return `CUSTOM_${prefix}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
}

export async function createProvider(
  t: TestApp,
  fields: ProviderFields = {},
  as: Who = ADMIN,
): Promise<CreatedProvider> {
  const data = await t.ok(
    `mutation ($input: CreateResourceProviderInput!) {
       createResourceProvider(input: $input) { id uuid name generation }
     }`,
    { input: { name: providerName(), ...fields } },
    as,
  );
  return data.createResourceProvider;
}

export async function createTraits(t: TestApp, names: string[], as: Who = ADMIN): Promise<void> {
  for (const name of names) {
    await t.ok(`mutation ($name: String!) { createTrait(name: $name) { created } }`, { name }, as);
  }
}

/** Sets a provider's traits at its current generation; returns the new generation. */
export async function setTraits(
  t: TestApp,
  uuid: string,
  traits: string[],
  as: Who = ADMIN,
): Promise<number> {
  const { resourceProvider } = await t.ok(
    `query ($uuid: UUID!) { resourceProvider(uuid: $uuid) { generation } }`,
    { uuid },
  );
  const data = await t.ok(
    `mutation ($uuid: UUID!, $traits: [String!]!, $generation: Int!) {
       setResourceProviderTraits(uuid: $uuid, traits: $traits, generation: $generation) { generation }
     }`,
    { uuid, traits, generation: resourceProvider.generation },
    as,
  );
  return data.setResourceProviderTraits.generation;
}
