import { itLeavesTheDatabaseConsistent } from './support/db-check.js';
import { forEachDialect } from './support/test-app.js';

/**
 * Deleting a component bugs are filed in with Bugzilla's `allowbugdeletion` on
 * (BZ_ALLOWBUGDELETION=1): as Bugzilla/Component.pm `remove_from_db`, its bugs go with it
 * (each as Bug->remove_from_db: an audit row, then everything hanging from the bug), and the
 * other components' bugs stay. With the parameter off the deletion is refused (1202,
 * test/components.e2e-spec.ts).
 */
forEachDialect(
  'DELETE /rest/component/{product}/{component} with allowbugdeletion on',
  (app) => {
    it('deletes the component with its bugs, their CCs, flags, attachments and activity, and audits each bug', async () => {
      const seed = app().seed;
      const admin = await seed.user('admin@example.com', { groups: ['admin', 'editcomponents'] });
      const key = await seed.apiKey(admin);
      const product = await seed.product('Prod');
      await seed.version(product, 'unspecified');
      await seed.milestone(product, '---');
      const kept = await seed.component(product, 'Kept', { owner: admin });
      const doomed = await seed.component(product, 'Doomed', { owner: admin });
      const keptBug = await seed.bug({ product, component: kept, reporter: admin, assignee: admin });
      const bug = await seed.bug({ product, component: doomed, reporter: admin, assignee: admin, cc: [admin] });
      const type = await seed.flagType('review', { targetType: 'a' });
      await seed.flagInclusion(type, null, null);
      const attachment = await seed.attachment(bug, admin);
      await seed.flag({ type, status: '?', bug, attachment, setter: admin });
      await app().rows(
        `INSERT INTO bugs_activity (bug_id, attach_id, who, bug_when, fieldid, removed, added)
         SELECT ?, ?, ?, '2026-01-01 00:00:00', id, '', 'x' FROM fielddefs WHERE name = 'attachments.description'`,
        [bug, attachment, admin],
      );

      const response = await app().delete('/rest/component/Prod/Doomed', { query: { api_key: key } });
      expect(response.status).toBe(200);
      const count = async (sql: string, params: unknown[]) => Number((await app().rows(sql, params))[0].n);
      expect(await count('SELECT COUNT(*) AS n FROM bugs WHERE bug_id IN (?, ?)', [bug, keptBug])).toBe(1);
      for (const table of ['cc', 'flags', 'attachments', 'bugs_activity']) {
        expect({ table, n: await count(`SELECT COUNT(*) AS n FROM ${table} WHERE bug_id = ?`, [bug]) }).toEqual({
          table,
          n: 0,
        });
      }
      expect(await count('SELECT COUNT(*) AS n FROM components WHERE id = ?', [doomed])).toBe(0);
      const audit = await app().rows(
        "SELECT class, object_id, field, removed FROM audit_log WHERE field = '__remove__' ORDER BY class",
      );
      expect(audit.map((row) => [row.class, Number(row.object_id), row.field, row.removed])).toEqual([
        ['Bugzilla::Bug', bug, '__remove__', String(bug)],
        ['Bugzilla::Component', doomed, '__remove__', 'Doomed'],
      ]);
    });

    itLeavesTheDatabaseConsistent(app);
  },
  { BZ_ALLOWBUGDELETION: '1' },
);
