import type { Seeder } from '../../src/seed/seeder.js';

/**
 * Products in the spirit of Bugzilla's QA data (facts §8.1), covering every
 * visibility rule of SPEC §4 and the nesting rules of §5.2. Ids come from the
 * database; tests refer to them through the returned object, never as literals.
 *
 * | product              | rule                                                       |
 * |----------------------|------------------------------------------------------------|
 * | Another Product      | public; components c1, c2, D-old (inactive); flag types    |
 * | bravo                | public (lower-case name: sorts between A and C)            |
 * | C2 Forever           | public, classification Class2_QA                           |
 * | Hollow Product       | no active component (selectable only)                      |
 * | Inactive Product     | isactive 0 (selectable only)                               |
 * | QA Entry Only        | QA group entry 1, NA/NA: all select, members enter         |
 * | QA Search Only       | QA group entry 0, Mandatory: members select, all enter     |
 * | QA-Selenium-TEST     | QA group entry 1, Mandatory/Mandatory: members only        |
 * | Two Groups           | groups A and B, both entry 1, Mandatory (or_groups cases)  |
 * | Versionless Product  | only an inactive version (selectable only)                 |
 *
 * Users: `member` (QA group directly), `inherited` (in QA-Inner, a member group of
 * the QA group through group_group_map), `nonMember` (no groups), `halfMember`
 * (group A only), `bothGroups` (groups A and B), `admin` (admin → editcomponents).
 */
export interface ProductFixture {
  groups: { qa: number; qaInner: number; editbugs: number; groupA: number; groupB: number };
  classifications: { class2: number };
  users: Record<FixtureUser, { id: number; login: string; apiKey: string }>;
  products: {
    another: number;
    bravo: number;
    c2Forever: number;
    hollow: number;
    inactive: number;
    entryOnly: number;
    searchOnly: number;
    private: number;
    twoGroups: number;
    versionless: number;
  };
  components: { c1: number; c2: number; dOld: number; [name: string]: number };
  versions: Record<string, number>;
  milestones: Record<string, number>;
  flagTypes: {
    review: number;
    specMulti: number;
    approval: number;
    zeta: number;
    unused: number;
    blocked: number;
    odd: number;
  };
}

export type FixtureUser = 'admin' | 'member' | 'inherited' | 'nonMember' | 'halfMember' | 'bothGroups';

export const MANDATORY = 3;
export const NA = 0;

export async function seedProductFixture(seed: Seeder): Promise<ProductFixture> {
  const qa = await seed.group('QA-Selenium-TEST');
  const qaInner = await seed.group('QA-Inner');
  await seed.groupMember(qaInner, qa);
  const editbugs = await seed.groupId('editbugs');
  const groupA = await seed.group('Group-A');
  const groupB = await seed.group('Group-B');
  const class2 = await seed.classification('Class2_QA', 'Second classification', 10);

  const user = async (key: FixtureUser, login: string, groups: (number | string)[]) => {
    const id = await seed.user(login, { realname: key, groups });
    return { id, login, apiKey: await seed.apiKey(id) };
  };
  const users = {
    admin: await user('admin', 'admin@example.com', ['admin']),
    member: await user('member', 'QA-Selenium-TEST@my.company', [qa]),
    inherited: await user('inherited', 'inherited@my.company', [qaInner]),
    nonMember: await user('nonMember', 'unprivileged@my.company', []),
    halfMember: await user('halfMember', 'half@my.company', [groupA]),
    bothGroups: await user('bothGroups', 'both@my.company', [groupA, groupB]),
  };
  const owner = users.admin.id;
  const components: Record<string, number> = {};
  const versions: Record<string, number> = {};
  const milestones: Record<string, number> = {};

  /** A product with one component "main" and one version "unspecified" (both active unless said otherwise). */
  const simple = async (
    name: string,
    options: { componentActive?: boolean; versionActive?: boolean; isactive?: boolean; classification?: number } = {},
  ) => {
    const id = await seed.product(name, { isactive: options.isactive, classification: options.classification });
    components[`${name}/main`] = await seed.component(id, 'main', { owner, isactive: options.componentActive ?? true });
    versions[`${name}/unspecified`] = await seed.version(id, 'unspecified', {
      isactive: options.versionActive ?? true,
    });
    milestones[`${name}/---`] = await seed.milestone(id, '---');
    return id;
  };

  // Inserted out of name order, so that ordering by name is visible in the ids.
  const privateProduct = await simple('QA-Selenium-TEST');
  await seed.groupControl(qa, privateProduct, { entry: true, membercontrol: MANDATORY, othercontrol: MANDATORY });

  const another = await seed.product('Another Product', {
    description: 'The <b>public</b> product',
    defaultmilestone: 'AnotherMS1',
  });
  components.c1 = await seed.component(another, 'c1', {
    owner,
    qaContact: users.member.id,
    description: 'first component',
  });
  components.dOld = await seed.component(another, 'D-old', { owner, description: 'retired', isactive: false });
  components.c2 = await seed.component(another, 'c2', { owner: users.member.id, description: 'second component' });
  for (const [name, isactive] of [
    ['unspecified', true],
    ['1.10', true],
    ['2.0', true],
    ['0.9', false],
    ['2.0-beta', true],
    ['1.9', true],
  ] as const) {
    versions[name] = await seed.version(another, name, { isactive });
  }
  for (const [name, sortkey, isactive] of [
    ['AnotherMS2', 10, true],
    ['old', 20, false],
    ['AnotherMS1', 10, true],
    ['Milestone', 5, true],
    ['alpha-ms', 10, true],
    ['---', 0, true],
  ] as const) {
    milestones[name] = await seed.milestone(another, name, { sortkey, isactive });
  }

  const entryOnly = await simple('QA Entry Only');
  await seed.groupControl(qa, entryOnly, { entry: true, membercontrol: NA, othercontrol: NA });
  const searchOnly = await simple('QA Search Only');
  await seed.groupControl(qa, searchOnly, { entry: false, membercontrol: MANDATORY, othercontrol: MANDATORY });
  const c2Forever = await simple('C2 Forever', { classification: class2 });
  const bravo = await simple('bravo');
  const inactive = await simple('Inactive Product', { isactive: false });
  const hollow = await simple('Hollow Product', { componentActive: false });
  const versionless = await simple('Versionless Product', { versionActive: false });
  const twoGroups = await simple('Two Groups');
  await seed.groupControl(groupA, twoGroups, { entry: true, membercontrol: MANDATORY, othercontrol: MANDATORY });
  await seed.groupControl(groupB, twoGroups, { entry: true, membercontrol: MANDATORY, othercontrol: MANDATORY });

  // "Master" of the QA data: Shown/Shown, entry 0, on every product: no effect on visibility.
  const master = await seed.group('Master');
  for (const product of [
    privateProduct,
    another,
    entryOnly,
    searchOnly,
    c2Forever,
    bravo,
    inactive,
    hollow,
    versionless,
    twoGroups,
  ]) {
    await seed.groupControl(master, product, { entry: false, membercontrol: 1, othercontrol: 1 });
  }

  // Flag types. review: everywhere (NULL/NULL) but excluded from Another Product's c2.
  const review = await seed.flagType('review', { sortkey: 1, requestable: true, requesteeble: true });
  await seed.flagInclusion(review, null, null);
  await seed.flagExclusion(review, another, components.c2);
  // spec_multi_flag (QA data): only for Another Product / c1.
  const specMulti = await seed.flagType('spec_multi_flag', {
    sortkey: 1,
    requestable: true,
    requesteeble: true,
    multiplicable: true,
    grantGroup: editbugs,
  });
  await seed.flagInclusion(specMulti, another, components.c1);
  // approval: attachments of every component of Another Product.
  const approval = await seed.flagType('approval', {
    targetType: 'a',
    sortkey: 5,
    cc_list: 'qa@example.com',
    requestable: true,
    requestGroup: qa,
  });
  await seed.flagInclusion(approval, another, null);
  // zeta: inactive, sort key 0, for component c2 of any product (NULL product).
  const zeta = await seed.flagType('zeta', { sortkey: 0, isactive: false });
  await seed.flagInclusion(zeta, null, components.c2);
  // unused: only an exclusion row, never listed.
  const unused = await seed.flagType('unused');
  await seed.flagExclusion(unused, another, null);
  // blocked: included for Another Product but excluded everywhere.
  const blocked = await seed.flagType('blocked');
  await seed.flagInclusion(blocked, another, null);
  await seed.flagExclusion(blocked, null, null);
  // odd: a target type that is neither 'b' nor 'a' is listed under neither.
  const odd = await seed.insert('flagtypes', { name: 'odd', description: 'odd description', target_type: 'x' });
  await seed.flagInclusion(odd, another, null);

  return {
    groups: { qa, qaInner, editbugs, groupA, groupB },
    classifications: { class2 },
    users,
    products: {
      another,
      bravo,
      c2Forever,
      hollow,
      inactive,
      entryOnly,
      searchOnly,
      private: privateProduct,
      twoGroups,
      versionless,
    },
    components: components as ProductFixture['components'],
    versions,
    milestones,
    flagTypes: { review, specMulti, approval, zeta, unused, blocked, odd },
  };
}
