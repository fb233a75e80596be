import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** `bug_user_last_visit`: unique on (user_id, bug_id). */
@Entity({ name: 'bug_user_last_visit' })
export class BugUserLastVisit {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'bug_id', type: 'int' })
  bugId: number;

  @Column({ name: 'last_visit_ts', type: Date })
  lastVisitTs: Date;
}
