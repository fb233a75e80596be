import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { parsePerlTruth } from '../bugzilla/params.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AUDIT_REMOVE, writeAuditLog } from '../database/audit-log.js';
import { runInTransaction } from '../database/writes.js';
import { deleteBugsOf } from './bug-deletion.js';
import { ProductAdminPolicy, productAdminDenied } from './product-admin-policy.js';

/**
 * Deleting a product (SPEC §10), as Bugzilla's editproducts.cgi `delete` and Product.pm
 * `remove_from_db`: refused while the product has bugs unless `allowbugdeletion` is on, in which
 * case its bugs go first (with everything hanging from them); with `delete_series`, its series;
 * then its components (and their CCs), versions, milestones, flag inclusions and exclusions and
 * group controls, which Bugzilla's foreign keys remove with the product. One transaction, a
 * fixed number of statements whatever the number of bugs.
 */
@Injectable()
export class ProductDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly policy: ProductAdminPolicy,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** DELETE /rest/product/{id_or_name}: `delete_series` (query or body, Perl truth) also drops its series. */
  async remove(
    user: AuthUser,
    idOrName: string,
    params: Record<string, unknown>,
  ): Promise<{ products: { id: number }[] }> {
    await this.policy.assertAdministersSomeProduct(user, 'products');
    const deleteSeries = parsePerlTruth('delete_series', params.delete_series) ?? false;
    return runInTransaction(this.dataSource, async (em) => {
      // Locked (MySQL): a component, version or milestone created meanwhile waits, then finds no product.
      const { product, administers } = await this.policy.accessibleProduct(em, user, idOrName, {
        byId: true,
        lock: true,
      });
      if (!administers) throw productAdminDenied(product.name);

      const [{ n }]: { n: number | string }[] = await em.query('SELECT COUNT(*) AS n FROM bugs WHERE product_id = ?', [
        product.id,
      ]);
      if (Number(n) > 0) {
        if (!this.config.params.allowbugdeletion) {
          throw Errors.badRequest(
            `There are ${Number(n)} bugs entered for this product! You must move those bugs to another product before you can delete this one.`,
          );
        }
        await deleteBugsOf(em, user.id, product.id);
      }
      if (deleteSeries) await deleteSeriesOf(em, product.name);
      await deleteProductRows(em, product.id);
      await writeAuditLog(em, user.id, [
        { class: 'Bugzilla::Product', objectId: product.id, field: AUDIT_REMOVE, removed: product.name, added: null },
      ]);
      return { products: [{ id: product.id }] };
    });
  }
}

/**
 * Bugzilla's `delete_series`: the series filed under the product's category, then the category
 * itself (and its group restrictions) unless a series still uses a subcategory of that name.
 */
async function deleteSeriesOf(em: EntityManager, productName: string): Promise<void> {
  await em.query(`DELETE FROM series WHERE category IN (SELECT id FROM series_categories WHERE name = ?)`, [
    productName,
  ]);
  const inUse: unknown[] = await em.query(
    `SELECT 1 FROM series s JOIN series_categories sc ON sc.id = s.subcategory WHERE sc.name = ? LIMIT 1`,
    [productName],
  );
  if (inUse.length > 0) return;
  await em.query(
    'DELETE FROM category_group_map WHERE category_id IN (SELECT id FROM series_categories WHERE name = ?)',
    [productName],
  );
  await em.query('DELETE FROM series_categories WHERE name = ?', [productName]);
}

/** What Bugzilla's foreign keys (ON DELETE CASCADE) remove with a product, then the product. */
async function deleteProductRows(em: EntityManager, productId: number): Promise<void> {
  const components = 'SELECT id FROM components WHERE product_id = ?';
  await em.query(`DELETE FROM component_cc WHERE component_id IN (${components})`, [productId]);
  for (const table of ['flaginclusions', 'flagexclusions']) {
    await em.query(`DELETE FROM ${table} WHERE product_id = ? OR component_id IN (${components})`, [
      productId,
      productId,
    ]);
  }
  for (const table of ['components', 'versions', 'milestones', 'group_control_map']) {
    await em.query(`DELETE FROM ${table} WHERE product_id = ?`, [productId]);
  }
  await em.query('DELETE FROM products WHERE id = ?', [productId]);
}
