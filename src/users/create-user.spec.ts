import { defaultEmailSettings, regexpGrants } from './create-user.js';

describe('a new user as Bugzilla::User->create makes one', () => {
  it('gets 63 mail settings: all relationships × events but "changed by me" and non-reporter CC, plus the global events', () => {
    const settings = defaultEmailSettings();
    expect(settings).toHaveLength(63);
    expect(settings.filter(([, event]) => event === 51)).toEqual([]);
    expect(settings.filter(([, event]) => event === 8)).toEqual([[2, 8]]);
    expect(settings.filter(([relationship]) => relationship === 100)).toEqual([
      [100, 100],
      [100, 101],
    ]);
  });

  it('is granted a group whose userregexp matches its login, case-insensitively; an empty or broken pattern grants nothing', () => {
    expect(regexpGrants('.*', 'a@example.com')).toBe(true);
    expect(regexpGrants('@EXAMPLE\\.com$', 'a@example.com')).toBe(true);
    expect(regexpGrants('@example\\.org$', 'a@example.com')).toBe(false);
    expect(regexpGrants('', 'a@example.com')).toBe(false);
    expect(regexpGrants('(', 'a@example.com')).toBe(false);
  });
});
