import { Column, PrimaryColumn, type ValueTransformer } from 'typeorm';

/** Bugzilla stores booleans as 0/1 (tinyint on MySQL, smallint on PostgreSQL, INTEGER on SQLite); entities see true/false. */
export const booleanTransformer: ValueTransformer = {
  to: (value: boolean | null | undefined) => (value === null || value === undefined ? value : value ? 1 : 0),
  from: (value: unknown) => (value === null || value === undefined ? value : Number(value) !== 0),
};

export interface BooleanColumnOptions {
  default?: boolean;
  nullable?: boolean;
  /** Part of the entity's (pseudo) primary key: for Bugzilla tables that only have a unique key. */
  primary?: boolean;
}

/** A Bugzilla BOOLEAN column (0/1) mapped to a JS boolean; declared smallint, a type every driver accepts. */
export function BooleanColumn(name: string, options: BooleanColumnOptions = {}): PropertyDecorator {
  const common = {
    name,
    type: 'smallint' as const,
    transformer: booleanTransformer,
    ...(options.default === undefined ? {} : { default: options.default ? 1 : 0 }),
  };
  return options.primary ? PrimaryColumn(common) : Column({ ...common, nullable: options.nullable ?? false });
}
