import { Inject, Injectable } from '@nestjs/common';
import { refuseUnstorableText } from '../bugzilla/storable-text.js';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AUDIT_CREATE, AUDIT_REMOVE, type AuditEntry, writeAuditLog } from '../database/audit-log.js';
import { dialectOf, isDuplicateKeyError } from '../database/dialect.js';
import { insertReturningId, runInTransaction } from '../database/writes.js';
import {
  classificationMissing,
  classificationNotEnabled,
  classificationNotSpecified,
} from '../products/product-write.rules.js';
import {
  checkDescription,
  checkName,
  checkSortkey,
  DEFAULT_CLASSIFICATION_ID,
  hasProducts,
  nameTaken,
  notDeletable,
  textParam,
} from './classification.rules.js';

const CLASSIFICATION_CLASS = 'Bugzilla::Classification';

/** The keys PUT /rest/classification/{id_or_name} accepts, in the order changes are reported. */
const UPDATE_KEYS = ['name', 'description', 'sortkey'] as const;
type UpdateKey = (typeof UPDATE_KEYS)[number];

interface ClassificationRow {
  id: number;
  name: string;
  description: string;
  sortkey: number;
}

/** Thrown inside a transaction when the unique key on the name refused a write another request won. */
class NameTakenMeanwhile extends Error {
  constructor(readonly requested: string) {
    super('classification name taken meanwhile');
  }
}

/**
 * Creating, updating and deleting classifications (SPEC §10), as Bugzilla's
 * editclassifications.cgi and Classification.pm: `editclassifications` members only (the route's
 * decorator), and only with `useclassification` on (900). Each write is one transaction with its
 * audit_log rows.
 */
@Injectable()
export class ClassificationAdminService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /rest/classification: Bugzilla's validators in their (alphabetical) order: description, name, sortkey. */
  async create(user: AuthUser, params: Record<string, unknown>): Promise<{ id: number }> {
    this.assertEnabled();
    const description = checkDescription(textParam('description', params.description));
    const name = checkName(textParam('name', params.name));
    const sortkey = checkSortkey(params.sortkey);
    refuseUnstorableText(this.dataSource, [
      { param: 'name', column: 'classifications.name', value: name },
      { param: 'description', column: 'classifications.description', value: description },
    ]);
    return this.guarded(() =>
      runInTransaction(this.dataSource, async (em) => {
        const taken = await this.named(em, name);
        if (taken) throw nameTaken(taken.name);
        let id: number;
        try {
          id = await insertReturningId(
            em,
            'INSERT INTO classifications (name, description, sortkey) VALUES (?, ?, ?)',
            [name, description, sortkey],
          );
        } catch (error) {
          if (isDuplicateKeyError(error)) throw new NameTakenMeanwhile(name);
          throw error;
        }
        await writeAuditLog(em, user.id, [
          { class: CLASSIFICATION_CLASS, objectId: id, field: AUDIT_CREATE, removed: null, added: name },
        ]);
        return { id };
      }),
    );
  }

  /** PUT /rest/classification/{id_or_name}: the fields given change; any other key is refused. */
  async update(
    user: AuthUser,
    idOrName: string,
    params: Record<string, unknown>,
  ): Promise<{
    classifications: { id: number; changes: Partial<Record<UpdateKey, { removed: string; added: string }>> }[];
  }> {
    this.assertEnabled();
    for (const key of Object.keys(params)) {
      if (!(UPDATE_KEYS as readonly string[]).includes(key)) throw Errors.badRequest(`Unknown parameter '${key}'.`);
    }
    const given = {
      name: params.name === undefined ? undefined : textParam('name', params.name ?? ''),
      description: params.description === undefined ? undefined : textParam('description', params.description),
      sortkey: params.sortkey,
    };
    refuseUnstorableText(this.dataSource, [
      { param: 'name', column: 'classifications.name', value: given.name },
      { param: 'description', column: 'classifications.description', value: given.description },
    ]);
    return this.guarded(() =>
      runInTransaction(this.dataSource, async (em) => {
        const row = await this.target(em, idOrName, true);
        const next: ClassificationRow = { ...row };
        if (given.description !== undefined) next.description = checkDescription(given.description);
        if (given.name !== undefined) {
          next.name = checkName(given.name);
          const taken = await this.named(em, next.name);
          if (taken && taken.id !== row.id) throw nameTaken(taken.name);
        }
        if (given.sortkey !== undefined) next.sortkey = checkSortkey(given.sortkey);

        const changed = UPDATE_KEYS.filter((key) => String(row[key]) !== String(next[key]));
        const changes: Partial<Record<UpdateKey, { removed: string; added: string }>> = {};
        const audit: AuditEntry[] = [];
        for (const key of changed) {
          changes[key] = { removed: String(row[key]), added: String(next[key]) };
          audit.push({
            class: CLASSIFICATION_CLASS,
            objectId: row.id,
            field: key,
            removed: String(row[key]),
            added: String(next[key]),
          });
        }
        if (changed.length > 0) {
          try {
            await em.query(`UPDATE classifications SET ${changed.map((key) => `${key} = ?`).join(', ')} WHERE id = ?`, [
              ...changed.map((key) => next[key]),
              row.id,
            ]);
          } catch (error) {
            if (isDuplicateKeyError(error)) throw new NameTakenMeanwhile(next.name);
            throw error;
          }
        }
        await writeAuditLog(em, user.id, audit);
        return { classifications: [{ id: row.id, changes }] };
      }),
    );
  }

  /** DELETE /rest/classification/{id_or_name}: never the default one, never one that still has products. */
  async remove(user: AuthUser, idOrName: string): Promise<{ classifications: { id: number }[] }> {
    this.assertEnabled();
    return runInTransaction(this.dataSource, async (em) => {
      const row = await this.target(em, idOrName, true);
      if (row.id === DEFAULT_CLASSIFICATION_ID) throw notDeletable();
      // Locked (MySQL) with the classification: a product moved into it meanwhile waits, then finds none.
      const products: unknown[] = await em.query('SELECT 1 FROM products WHERE classification_id = ? LIMIT 1', [
        row.id,
      ]);
      if (products.length > 0) throw hasProducts();
      await em.query('DELETE FROM classifications WHERE id = ?', [row.id]);
      await writeAuditLog(em, user.id, [
        { class: CLASSIFICATION_CLASS, objectId: row.id, field: AUDIT_REMOVE, removed: row.name, added: null },
      ]);
      return { classifications: [{ id: row.id }] };
    });
  }

  private assertEnabled(): void {
    if (!this.config.params.useclassification) throw classificationNotEnabled();
  }

  /** The classification of the path: all digits is an id, else a name as the database compares names. */
  private async target(em: EntityManager, idOrName: string, lock: boolean): Promise<ClassificationRow> {
    const forUpdate = lock ? dialectOf(this.dataSource).forUpdate : '';
    const name = idOrName.trim();
    if (name === '') throw classificationNotSpecified();
    if (/^\d+$/.test(name)) {
      const rows: Record<string, unknown>[] = await em.query(
        `SELECT id, name, description, sortkey FROM classifications WHERE id = ?${forUpdate}`,
        [Number(name)],
      );
      if (rows.length === 0) {
        throw new BugzillaError(ErrorCode.OBJECT_DOES_NOT_EXIST, `There is no classification with the id '${name}'.`);
      }
      return classificationRow(rows[0]);
    }
    const row = await this.named(em, name, forUpdate);
    if (!row) throw classificationMissing(name);
    return row;
  }

  /** The classification of this name as the database compares names (the exact spelling first). */
  private async named(em: EntityManager, name: string, suffix = ''): Promise<ClassificationRow | undefined> {
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT id, name, description, sortkey FROM classifications WHERE ${dialectOf(this.dataSource).textEquals('name')}${suffix}`,
      [name],
    );
    const row = rows.find((r) => r.name === name) ?? rows[0];
    return row ? classificationRow(row) : undefined;
  }

  /** A lost race on the unique name answers as the check would have, once the winner is committed. */
  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof NameTakenMeanwhile) {
        const winner = await this.named(this.dataSource.manager, error.requested);
        throw nameTaken(winner?.name ?? error.requested);
      }
      throw error;
    }
  }
}

function classificationRow(row: Record<string, unknown>): ClassificationRow {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: row.description === null || row.description === undefined ? '' : String(row.description),
    sortkey: Number(row.sortkey),
  };
}
