import { Entity, PrimaryColumn } from 'typeorm';

/** `cc`: users on a bug's CC list. Unique on (bug_id, who). */
@Entity({ name: 'cc' })
export class Cc {
  @PrimaryColumn({ name: 'bug_id', type: 'int' })
  bugId: number;

  @PrimaryColumn({ name: 'who', type: 'int' })
  who: number;
}
