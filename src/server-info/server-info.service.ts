import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AuthUser, isLoggedIn } from '../auth/auth-user.js';
import { FieldFilter } from '../bugzilla/field-filter.js';
import { toList } from '../bugzilla/params.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { dialectOf, formatBugzillaDateTime } from '../database/dialect.js';

/** Bugzilla.time: the database's and the web server's clocks, both UTC here. */
export interface ServerTime {
  db_time: string;
  web_time: string;
  web_time_utc: string;
  tz_name: string;
  tz_offset: string;
  tz_short_name: string;
}

/** What Bugzilla 5.2 tells a caller who is not logged in (its PARAMETERS_LOGGED_OUT). */
export const PARAMETERS_LOGGED_OUT: readonly string[] = ['maintainer', 'requirelogin'];

/** What a logged-in user could read off the web UI anyway (Bugzilla 5.2's PARAMETERS_LOGGED_IN). */
export const PARAMETERS_LOGGED_IN: readonly string[] = [
  'allowemailchange',
  'attachment_base',
  'commentonchange_resolution',
  'commentonduplicate',
  'cookiepath',
  'defaultopsys',
  'defaultplatform',
  'defaultpriority',
  'defaultseverity',
  'duplicate_or_move_bug_status',
  'emailregexpdesc',
  'emailsuffix',
  'letsubmitterchoosemilestone',
  'letsubmitterchoosepriority',
  'mailfrom',
  'maintainer',
  'maxattachmentsize',
  'maxlocalattachment',
  'musthavemilestoneonaccept',
  'noresolveonopenblockers',
  'password_complexity',
  'rememberlogin',
  'requirelogin',
  'search_allow_no_criteria',
  'urlbase',
  'use_see_also',
  'useclassification',
  'usemenuforusers',
  'useqacontact',
  'usestatuswhiteboard',
  'usetargetmilestone',
];

/** Members of this group may read every parameter (they may change them in Bugzilla's editparams.cgi). */
export const PARAMETER_ADMIN_GROUP = 'tweakparams';

/** Bugzilla's class names (`Bugzilla::Product`): anything else in `class` is ignored, as in Bugzilla. */
const AUDIT_CLASS = /^Bugzilla(::[a-zA-Z0-9_]+)*$/;

/**
 * Bugzilla 5.2's `Bugzilla.timezone`, `Bugzilla.parameters` and `Bugzilla.last_audit_time`: what a
 * client asks about the installation before (or instead of) asking for data.
 */
@Injectable()
export class ServerInfoService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Bugzilla.version: the Bugzilla release this service is compatible with. */
  version(): { version: string } {
    return { version: '5.2' };
  }

  /** Bugzilla.extensions: none are installed. */
  extensions(): { extensions: Record<string, never> } {
    return { extensions: {} };
  }

  /** Bugzilla.time: the database's current time and this server's, in UTC (as Bugzilla answers with a UTC timezone). */
  async time(): Promise<ServerTime> {
    const [row] = (await this.dataSource.query(`SELECT ${dialectOf(this.dataSource).nowUtc()} AS now`)) as {
      now: Date | string;
    }[];
    const web = formatBugzillaDateTime(new Date());
    return {
      db_time: formatBugzillaDateTime(row.now),
      web_time: web,
      web_time_utc: web,
      tz_name: 'UTC',
      tz_offset: '+0000',
      tz_short_name: 'UTC',
    };
  }

  /** Every WebService time is UTC. */
  timezone(): { timezone: string } {
    return { timezone: '+0000' };
  }

  /**
   * The site's parameters the caller may read (members of tweakparams: all; logged-in users: those
   * the web UI shows them anyway; others: two), each as a string, narrowed by include/exclude_fields.
   */
  parameters(user: AuthUser, params: Record<string, unknown>): { parameters: Record<string, string> } {
    const site = this.config.siteParameters;
    const names = user.groupNames.has(PARAMETER_ADMIN_GROUP)
      ? Object.keys(site).sort()
      : isLoggedIn(user)
        ? PARAMETERS_LOGGED_IN
        : PARAMETERS_LOGGED_OUT;
    const fields = FieldFilter.fromParams(params);
    const parameters: Record<string, string> = {};
    for (const name of names) if (fields.wants(name)) parameters[name] = site[name] ?? '';
    return { parameters };
  }

  /**
   * When `audit_log` last changed for the given classes (every class when none is valid): clients
   * compare it with their copy to know whether their cached product lists are stale. No rows: null.
   */
  async lastAuditTime(classParam: unknown): Promise<{ last_audit_time: string | null }> {
    const classes = [
      ...new Set(toList(classParam).filter((c): c is string => typeof c === 'string' && AUDIT_CLASS.test(c))),
    ];
    const where = classes.length ? ` WHERE class IN (${classes.map(() => '?').join(', ')})` : '';
    const [row] = (await this.dataSource.query(`SELECT MAX(at_time) AS at_time FROM audit_log${where}`, classes)) as {
      at_time: Date | string | null;
    }[];
    return { last_audit_time: row?.at_time ? formatBugzillaDateTime(row.at_time) : null };
  }
}
