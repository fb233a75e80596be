import { Entity, PrimaryColumn } from 'typeorm';

/** `component_cc`: a component's default CC list (users added to new bugs). Unique on (component_id, user_id). */
@Entity({ name: 'component_cc' })
export class ComponentCc {
  @PrimaryColumn({ name: 'component_id', type: 'int' })
  componentId: number;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;
}
