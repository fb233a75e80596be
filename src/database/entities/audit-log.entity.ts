import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * `audit_log`: one row per created object or changed field. Bugzilla gives this
 * table no primary or unique key; TypeORM needs one, so (class, object_id, field,
 * at_time) stands in. Write rows with an INSERT (query builder or raw SQL), not save().
 */
@Entity({ name: 'audit_log' })
export class AuditLog {
  @Column({ name: 'user_id', type: 'int', nullable: true })
  userId: number | null;

  @PrimaryColumn({ name: 'class', type: 'varchar', length: 255 })
  class: string;

  @PrimaryColumn({ name: 'object_id', type: 'int' })
  objectId: number;

  @PrimaryColumn({ name: 'field', type: 'varchar', length: 64 })
  field: string;

  @Column({ name: 'removed', type: 'text', nullable: true })
  removed: string | null;

  @Column({ name: 'added', type: 'text', nullable: true })
  added: string | null;

  @PrimaryColumn({ name: 'at_time', type: Date })
  atTime: Date;
}
