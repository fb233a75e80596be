import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `profiles`: a user. `login_name` is unique (case-insensitively). */
@Entity({ name: 'profiles' })
export class Profile {
  @PrimaryGeneratedColumn({ name: 'userid', type: 'int' })
  userid: number;

  @Column({ name: 'login_name', type: 'varchar', length: 255 })
  loginName: string;

  /** `<salt>,<hash>{SHA-256}` (see auth/password.ts); NULL for accounts that cannot log in with a password. */
  @Column({
    name: 'cryptpassword',
    type: 'varchar',
    length: 128,
    nullable: true,
  })
  cryptpassword: string | null;

  @Column({ name: 'realname', type: 'varchar', length: 255, default: '' })
  realname: string;

  @Column({ name: 'disabledtext', type: 'text', default: '' })
  disabledtext: string;

  @BooleanColumn('disable_mail', { default: false })
  disableMail: boolean;

  @BooleanColumn('mybugslink', { default: true })
  mybugslink: boolean;

  @Column({ name: 'extern_id', type: 'varchar', length: 64, nullable: true })
  externId: string | null;

  @BooleanColumn('is_enabled', { default: true })
  isEnabled: boolean;

  @Column({ name: 'last_seen_date', type: Date, nullable: true })
  lastSeenDate: Date | null;
}
