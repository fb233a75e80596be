import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** Control values of `membercontrol`/`othercontrol` (`Bugzilla::Constants`). */
export const CONTROL_NA = 0;
export const CONTROL_SHOWN = 1;
export const CONTROL_DEFAULT = 2;
export const CONTROL_MANDATORY = 3;

/** `group_control_map`: a product's group restrictions. Unique on (product_id, group_id). */
@Entity({ name: 'group_control_map' })
export class GroupControlMap {
  @PrimaryColumn({ name: 'group_id', type: 'int' })
  groupId: number;

  @PrimaryColumn({ name: 'product_id', type: 'smallint' })
  productId: number;

  @BooleanColumn('entry', { default: false })
  entry: boolean;

  @Column({ name: 'membercontrol', type: 'smallint', default: 0 })
  membercontrol: number;

  @Column({ name: 'othercontrol', type: 'smallint', default: 0 })
  othercontrol: number;

  @BooleanColumn('canedit', { default: false })
  canedit: boolean;

  @BooleanColumn('editcomponents', { default: false })
  editcomponents: boolean;

  @BooleanColumn('editbugs', { default: false })
  editbugs: boolean;

  @BooleanColumn('canconfirm', { default: false })
  canconfirm: boolean;
}
