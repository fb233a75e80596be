/**
 * The seed's JSON Schema (draft-07). The build writes it to `dist/seed.schema.json`, which the
 * package exports as `bugzilla-products/seed.schema.json` for editors and consumers' own checks.
 * Closed objects everywhere: a misspelt key is a problem, not a silently ignored field.
 * Sizes are Bugzilla's column sizes.
 */
const name = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const login = { ...name(255), pattern: '^\\S+$' } as const;
const logins = { type: 'array', items: login, uniqueItems: true } as const;
const groupNames = { type: 'array', items: name(255), uniqueItems: true } as const;
const control = { enum: ['NA', 'Shown', 'Default', 'Mandatory'] } as const;
const sortkey = { type: 'integer', minimum: -32768, maximum: 32767 } as const;
const value = {
  oneOf: [
    name(64),
    {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: name(64), sort_key: sortkey, is_active: { type: 'boolean' } },
    },
  ],
} as const;
const flagTargets = {
  type: 'array',
  items: {
    oneOf: [name(129), { type: 'object', minProperties: 1, additionalProperties: { type: 'array', items: name(64) } }],
  },
} as const;
const bugId = { type: 'integer', minimum: 1, maximum: 16777215 } as const;

export const SEED_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://github.com/bugzilla-products/seed.schema.json',
  title: 'bugzilla-products seed',
  description: 'Data for bugzilla-products (SPEC §12): applied idempotently, in one transaction.',
  type: 'object',
  additionalProperties: false,
  properties: {
    classifications: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: name(64), description: { type: 'string' }, sortkey: sortkey },
      },
    },
    groups: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: name(255),
          description: { type: 'string', maxLength: 65535 },
          is_active: { type: 'boolean' },
          member_of: groupNames,
        },
      },
    },
    users: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['login'],
        properties: {
          login,
          real_name: { type: 'string', maxLength: 255 },
          password: { type: 'string', minLength: 1, maxLength: 4096 },
          api_key: { type: 'string', pattern: '^[A-Za-z0-9]{40}$' },
          groups: groupNames,
          disabled_text: { type: 'string', maxLength: 65535 },
        },
      },
    },
    products: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: name(64),
          description: { type: 'string', minLength: 1, maxLength: 65535 },
          version: name(64),
          classification: name(64),
          default_milestone: name(64),
          is_open: { type: 'boolean' },
          has_unconfirmed: { type: 'boolean' },
          versions: { type: 'array', items: value },
          milestones: { type: 'array', items: value },
          components: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name', 'default_assignee'],
              properties: {
                name: name(64),
                description: { type: 'string', minLength: 1, maxLength: 65535 },
                default_assignee: login,
                default_qa_contact: login,
                default_cc: logins,
                is_active: { type: 'boolean' },
              },
            },
          },
          group_controls: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['group'],
              properties: {
                group: name(255),
                membercontrol: control,
                othercontrol: control,
                entry: { type: 'boolean' },
                canedit: { type: 'boolean' },
                editcomponents: { type: 'boolean' },
                editbugs: { type: 'boolean' },
                canconfirm: { type: 'boolean' },
              },
            },
          },
        },
      },
    },
    flag_types: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { ...name(50), pattern: '^[^\\s,]+$' },
          description: { type: 'string', minLength: 1, maxLength: 65535 },
          target_type: { enum: ['bug', 'attachment'] },
          inclusions: flagTargets,
          exclusions: flagTargets,
          sortkey: { type: 'integer', minimum: 0, maximum: 32767 },
          is_active: { type: 'boolean' },
          is_requestable: { type: 'boolean' },
          is_specifically_requestable: { type: 'boolean' },
          is_multiplicable: { type: 'boolean' },
          cc_list: { type: 'string', maxLength: 200 },
          grant_group: name(255),
          request_group: name(255),
        },
      },
    },
    bugs: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'product', 'component', 'reporter'],
        properties: {
          id: bugId,
          product: name(64),
          component: name(64),
          summary: { type: 'string', minLength: 1, maxLength: 255 },
          version: name(64),
          target_milestone: name(64),
          status: { enum: ['UNCONFIRMED', 'CONFIRMED', 'IN_PROGRESS', 'RESOLVED', 'VERIFIED'] },
          resolution: { enum: ['', 'FIXED', 'INVALID', 'WONTFIX', 'DUPLICATE', 'WORKSFORME'] },
          reporter: login,
          assigned_to: login,
          qa_contact: login,
          cc: logins,
          groups: groupNames,
        },
      },
    },
    last_visits: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['user', 'bug'],
        properties: {
          user: login,
          bug: bugId,
          last_visit_ts: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;
