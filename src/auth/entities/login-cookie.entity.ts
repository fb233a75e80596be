import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `logincookies`: a login token is `<userid>-<cookie>`. */
@Entity({ name: 'logincookies' })
export class LoginCookie {
  @PrimaryColumn({ name: 'cookie', type: 'varchar', length: 16 })
  cookie: string;

  @Column({ name: 'userid', type: 'int' })
  userid: number;

  @Column({ name: 'ipaddr', type: 'varchar', length: 40, nullable: true })
  ipaddr: string | null;

  @Column({ name: 'lastused', type: Date })
  lastused: Date;
}
