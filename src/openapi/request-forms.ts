import type { ApiPropertyOptions, SchemaObject } from '@nestjs/swagger';

/**
 * The forms in which request parameters are accepted (SPEC §2), as schemas for DTO properties
 * (`@ApiProperty({ ...ID_LIST })`): an id is a JSON integer or a string of digits; a list given
 * in the query may be one value; include_fields may be one comma-separated string.
 */

/** An id: a JSON integer, or a string of decimal digits (anything else: 52). */
export const ID: SchemaObject = {
  oneOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^\\s*\\d+\\s*$' },
  ],
};

/** A JSON array of ids. */
export const ID_LIST: ApiPropertyOptions = { type: 'array', items: ID };

/** A JSON array of ids, or a single id. */
export const ID_LIST_OR_ONE: ApiPropertyOptions = { oneOf: [{ type: 'array', items: ID }, ID] };

/** Field names: an array, or one string split on commas, `+` and spaces. */
export const FIELD_NAMES: ApiPropertyOptions = {
  oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }],
};

/**
 * A flag Bugzilla tests only for Perl truth (Component.create's `is_open`, `create_series`): any
 * scalar; null, false, 0, "" and "0" are false.
 */
export const PERL_TRUTH: ApiPropertyOptions = {
  oneOf: [{ type: 'boolean', nullable: true }, { type: 'integer' }, { type: 'string' }],
};
