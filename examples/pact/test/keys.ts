// The API keys the provider's base seed (provider/base.yaml) gives its users: a pact can hard-code them.
export const ADMIN_KEY = 'AdminKey01234567890123456789012345678901';
export const ALICE_KEY = 'AliceKey0123456789012345678901234567890a';
