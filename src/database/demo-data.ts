import type { DataSource } from 'typeorm';
import { CONTROL_MANDATORY, CONTROL_NA } from '../products/entities/group-control-map.entity.js';
import { createBugzillaUser } from '../users/create-user.js';
import { Seeder } from './seeder.js';

export interface DemoUser {
  login: string;
  apiKey: string;
  groups: string[];
}

/** True when there is nothing to lose: no products and no users. */
export async function isDatabaseEmpty(ds: DataSource): Promise<boolean> {
  const products: unknown[] = await ds.query('SELECT 1 AS one FROM products LIMIT 1');
  if (products.length > 0) return false;
  const profiles: unknown[] = await ds.query('SELECT 1 AS one FROM profiles LIMIT 1');
  return profiles.length === 0;
}

/**
 * A small installation to try the service with (SPEC §1): classifications,
 * products that show each visibility rule, components with flag types, versions,
 * milestones, three users with API keys, and bugs they are involved in.
 * Returns the users and their keys for the caller to print.
 *
 * - Firefly (Desktop): public; components Core (default CC: the admin), UI and an inactive Legacy;
 *   versions 1.0, 1.9, 1.10; milestones.
 * - Nebula (Desktop): MANDATORY group `nebula-team` (dev is a member):
 *   invisible to user@example.com.
 * - Partner Portal (Unclassified): entry group `partners` only: everyone may
 *   select it, only members may enter bugs.
 * - Stardust (Services): public, another classification.
 * - Comet Classic (Unclassified): inactive.
 * As in Bugzilla, the `admin` group is a member of every group created.
 */
export async function loadDemoData(ds: DataSource): Promise<DemoUser[]> {
  return ds.transaction(async (manager) => {
    const seed = new Seeder(manager);

    const desktop = await seed.classification('Desktop', 'Applications that run on your computer', 10);
    const services = await seed.classification('Services', 'Hosted services', 20);

    const nebulaTeam = await seed.group('nebula-team', {
      description: 'Members of the Nebula project',
      grantAdmin: true,
    });
    const partners = await seed.group('partners', {
      description: 'Partners who may file bugs',
      grantAdmin: true,
    });
    const security = await seed.group('security', {
      description: 'Security-sensitive bugs',
      grantAdmin: true,
    });

    const users: { login: string; realname: string; groups: string[] }[] = [
      {
        login: 'admin@example.com',
        realname: 'Demo Administrator',
        groups: ['admin', 'editcomponents'],
      },
      {
        login: 'dev@example.com',
        realname: 'Demo Developer',
        groups: ['nebula-team'],
      },
      { login: 'user@example.com', realname: 'Demo User', groups: [] },
    ];
    const result: DemoUser[] = [];
    const ids: number[] = [];
    for (const u of users) {
      const id = await createBugzillaUser(manager, {
        login: u.login,
        realname: u.realname,
        password: 'password',
        groups: u.groups,
      });
      ids.push(id);
      result.push({
        login: u.login,
        apiKey: await seed.apiKey(id, { description: 'demo' }),
        groups: u.groups,
      });
    }
    const [admin, dev, user] = ids;

    // Firefly: public, several components, versions that sort as 1.0 < 1.9 < 1.10.
    const firefly = await seed.product('Firefly', {
      description: 'A small, fast <b>desktop</b> application.',
      classification: desktop,
    });
    const core = await seed.component(firefly, 'Core', {
      owner: dev,
      qaContact: admin,
      description: 'The engine.',
    });
    // Bugs filed in Core copy the admin in (the component's default CC list).
    await seed.componentCc(core, [admin]);
    const ui = await seed.component(firefly, 'UI', {
      owner: admin,
      description: 'Windows, menus and dialogs.',
    });
    await seed.component(firefly, 'Legacy', {
      owner: admin,
      description: 'No longer maintained.',
      isactive: false,
    });
    for (const v of ['1.0', '1.9', '1.10', 'unspecified']) await seed.version(firefly, v);
    await seed.milestone(firefly, '---', { sortkey: 0 });
    await seed.milestone(firefly, '2.0', { sortkey: 10 });
    await seed.milestone(firefly, '3.0', { sortkey: 20 });
    await seed.milestone(firefly, 'Future', { sortkey: 100, isactive: false });

    // Nebula: only members of nebula-team may see it.
    const nebula = await seed.product('Nebula', {
      description: 'The secret project.',
      classification: desktop,
    });
    const backend = await seed.component(nebula, 'Backend', {
      owner: dev,
      description: 'Servers and storage.',
    });
    await seed.version(nebula, '0.1');
    await seed.milestone(nebula, '---');
    await seed.groupControl(nebulaTeam, nebula, {
      entry: true,
      membercontrol: CONTROL_MANDATORY,
      othercontrol: CONTROL_MANDATORY,
    });

    // Partner Portal: visible to all, but only partners may enter bugs.
    const portal = await seed.product('Partner Portal', {
      description: 'Where partners report problems.',
    });
    await seed.component(portal, 'Accounts', {
      owner: admin,
      description: 'Sign-up and sign-in.',
    });
    await seed.version(portal, '1.0');
    await seed.milestone(portal, '---');
    await seed.groupControl(partners, portal, {
      entry: true,
      membercontrol: CONTROL_NA,
      othercontrol: CONTROL_NA,
    });

    // Stardust: another classification.
    const stardust = await seed.product('Stardust', {
      description: 'The hosted API.',
      classification: services,
      defaultmilestone: 'M1',
      allows_unconfirmed: false,
    });
    const api = await seed.component(stardust, 'API', {
      owner: user,
      qaContact: dev,
      description: 'REST endpoints.',
    });
    await seed.version(stardust, 'unspecified');
    await seed.milestone(stardust, '---');
    await seed.milestone(stardust, 'M1', { sortkey: 10 });

    // Comet Classic: retired.
    const comet = await seed.product('Comet Classic', {
      description: 'Replaced by Firefly.',
      isactive: false,
    });
    await seed.component(comet, 'General', {
      owner: admin,
      description: 'Everything.',
    });
    await seed.version(comet, '1.0');
    await seed.milestone(comet, '---');

    // Flag types: a bug flag for every product except Partner Portal, an attachment
    // flag for Firefly, and a bug flag only on Firefly/Core.
    const needinfo = await seed.flagType('needinfo', {
      description: 'More information is needed from someone.',
      requestable: true,
      requesteeble: true,
      multiplicable: true,
      sortkey: 10,
    });
    await seed.flagInclusion(needinfo, null, null);
    await seed.flagExclusion(needinfo, portal, null);
    const review = await seed.flagType('review', {
      targetType: 'a',
      description: 'Code review of a patch.',
      cc_list: 'admin@example.com',
      requestable: true,
      requesteeble: true,
      sortkey: 20,
    });
    await seed.flagInclusion(review, firefly, null);
    const approval = await seed.flagType('approval', {
      description: 'Approval to land on a release branch.',
      requestable: true,
      sortkey: 30,
      grantGroup: 'editcomponents',
    });
    await seed.flagInclusion(approval, firefly, core);

    // Bugs: every user is reporter, assignee or on CC of at least one.
    const crash = await seed.bug({
      product: firefly,
      component: core,
      reporter: user,
      assignee: dev,
      qaContact: admin,
      version: '1.9',
      shortDesc: 'Crash when opening a large file',
      cc: [admin],
    });
    await seed.bug({
      product: firefly,
      component: ui,
      reporter: admin,
      assignee: admin,
      version: '1.10',
      status: 'UNCONFIRMED',
      shortDesc: 'Menu labels are cut off',
      cc: [user],
    });
    await seed.bug({
      product: firefly,
      component: core,
      reporter: user,
      assignee: dev,
      version: '1.10',
      shortDesc: 'Saved files can be read by other users',
      groups: [security],
    });
    await seed.bug({
      product: nebula,
      component: backend,
      reporter: dev,
      assignee: dev,
      version: '0.1',
      status: 'IN_PROGRESS',
      shortDesc: 'Storage nodes lose heartbeats',
      groups: [nebulaTeam],
    });
    await seed.bug({
      product: stardust,
      component: api,
      reporter: admin,
      assignee: user,
      status: 'RESOLVED',
      shortDesc: 'Rate limit headers are missing',
      cc: [dev],
    });

    await seed.lastVisit(user, crash, new Date(Date.now() - 3600_000));
    await seed.lastVisit(dev, crash, new Date(Date.now() - 86_400_000));
    return result;
  });
}
