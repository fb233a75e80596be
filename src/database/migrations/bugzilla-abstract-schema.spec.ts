import { describe, expect, it } from 'vitest';
import { abstractSchema, bzSchemaText, describedTables } from './bugzilla-abstract-schema.js';
import { postgresSchemaStatements } from './postgres-schema.js';

describe("bz_schema: Bugzilla's description of the service's tables", () => {
  it('describes every table the PostgreSQL migrations make, and only those', () => {
    const tables = describedTables();
    expect(tables).toHaveLength(48);
    const created = postgresSchemaStatements(tables)
      .map((sql) => /^CREATE TABLE (\w+) \(/.exec(sql)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(created.sort()).toEqual([...tables].sort());
  });

  it('gives the abstract types the database cannot tell apart, and marks foreign keys as created', () => {
    const schema = abstractSchema(['group_control_map', 'products'], 'postgres');
    expect(Object.keys(schema).sort()).toEqual(['bz_schema', 'group_control_map', 'products']);
    const fields = schema.group_control_map.FIELDS;
    expect(fields.slice(0, 2)).toEqual([
      'group_id',
      { TYPE: 'INT3', NOTNULL: 1, REFERENCES: { TABLE: 'groups', COLUMN: 'id', created: 1, DELETE: 'CASCADE' } },
    ]);
    expect(fields[fields.indexOf('membercontrol') + 1]).toEqual({ TYPE: 'INT1', NOTNULL: 1, DEFAULT: 0 });
    expect(fields[fields.indexOf('entry') + 1]).toEqual({ TYPE: 'BOOLEAN', NOTNULL: 1, DEFAULT: 'FALSE' });
    expect(schema.products.FIELDS[schema.products.FIELDS.indexOf('defaultmilestone') + 1]).toEqual({
      TYPE: 'varchar(64)',
      NOTNULL: 1,
      DEFAULT: "'---'",
    });
  });

  it("keeps each database's own indexes: LOWER() on PostgreSQL, FULLTEXT on the comments on MySQL", () => {
    expect(abstractSchema(['products'], 'postgres').products.INDEXES).toContain('products_name_lower_idx');
    expect(abstractSchema(['products'], 'mysql').products.INDEXES).not.toContain('products_name_lower_idx');
    expect(abstractSchema(['bugs_fulltext'], 'mysql').bugs_fulltext.INDEXES).toEqual([
      'bugs_fulltext_comments_idx',
      { FIELDS: ['comments'], TYPE: 'FULLTEXT' },
      'bugs_fulltext_comments_noprivate_idx',
      { FIELDS: ['comments_noprivate'], TYPE: 'FULLTEXT' },
      'bugs_fulltext_short_desc_idx',
      { FIELDS: ['short_desc'], TYPE: 'FULLTEXT' },
    ]);
    expect(abstractSchema(['bugs_fulltext'], 'postgres').bugs_fulltext.INDEXES).toEqual([
      'bugs_fulltext_short_desc_idx',
      { FIELDS: ['short_desc'] },
    ]);
  });

  it('writes Perl that assigns $VAR1, keys sorted, quotes escaped', () => {
    const text = bzSchemaText(['products'], 'mysql');
    expect(text.startsWith("$VAR1 = {\n  'bz_schema' => {\n    'FIELDS' => [\n      'schema_data',\n")).toBe(true);
    expect(text).toContain("'DEFAULT' => '\\'---\\''");
    expect(text.endsWith('};\n')).toBe(true);
  });

  it('refuses a table it does not describe', () => {
    expect(() => abstractSchema(['namedqueries'], 'postgres')).toThrow(/no description of table 'namedqueries'/);
  });
});
