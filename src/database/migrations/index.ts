import { BugzillaSchema1732000000000 } from './1732000000000-BugzillaSchema.js';
import { LoginAndComponentTables1764000000000 } from './1764000000000-LoginAndComponentTables.js';
import { ActivityAndFlagTables1765000000000 } from './1765000000000-ActivityAndFlagTables.js';
import { BugChildTables1766000000000 } from './1766000000000-BugChildTables.js';
import { BugzillaSchemaRecord1767000000000 } from './1767000000000-BugzillaSchemaRecord.js';

/** Every migration, oldest first (classes, not globs: the build and the tests load the same code). */
export const ALL_MIGRATIONS = [
  BugzillaSchema1732000000000,
  LoginAndComponentTables1764000000000,
  ActivityAndFlagTables1765000000000,
  BugChildTables1766000000000,
  BugzillaSchemaRecord1767000000000,
];
