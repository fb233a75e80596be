import { AuditLog } from './entities/audit-log.entity.js';
import { BugStatus } from './entities/bug-status.entity.js';
import { Resolution } from './entities/resolution.entity.js';
import { Group } from '../auth/entities/group.entity.js';
import { GroupGroupMap } from '../auth/entities/group-group-map.entity.js';
import { LoginCookie } from '../auth/entities/login-cookie.entity.js';
import { Profile } from '../auth/entities/profile.entity.js';
import { UserApiKey } from '../auth/entities/user-api-key.entity.js';
import { UserGroupMap } from '../auth/entities/user-group-map.entity.js';
import { Bug } from '../last-visit/entities/bug.entity.js';
import { BugGroupMap } from '../last-visit/entities/bug-group-map.entity.js';
import { BugUserLastVisit } from '../last-visit/entities/bug-user-last-visit.entity.js';
import { Cc } from '../last-visit/entities/cc.entity.js';
import { CategoryGroupMap } from '../products/entities/category-group-map.entity.js';
import { Classification } from '../products/entities/classification.entity.js';
import { Component } from '../products/entities/component.entity.js';
import { FlagExclusion } from '../products/entities/flag-exclusion.entity.js';
import { FlagInclusion } from '../products/entities/flag-inclusion.entity.js';
import { FlagType } from '../products/entities/flag-type.entity.js';
import { GroupControlMap } from '../products/entities/group-control-map.entity.js';
import { Milestone } from '../products/entities/milestone.entity.js';
import { Product } from '../products/entities/product.entity.js';
import { Series } from '../products/entities/series.entity.js';
import { SeriesCategory } from '../products/entities/series-category.entity.js';
import { Version } from '../products/entities/version.entity.js';

/** Every entity, one per table of SPEC §8. */
export const ALL_ENTITIES = [
  Classification,
  Product,
  Component,
  Version,
  Milestone,
  FlagType,
  FlagInclusion,
  FlagExclusion,
  GroupControlMap,
  Series,
  SeriesCategory,
  CategoryGroupMap,
  Profile,
  UserApiKey,
  LoginCookie,
  Group,
  UserGroupMap,
  GroupGroupMap,
  Bug,
  Cc,
  BugGroupMap,
  BugUserLastVisit,
  BugStatus,
  Resolution,
  AuditLog,
];
