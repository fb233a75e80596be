import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `user_api_keys`: `api_key` is unique. */
@Entity({ name: 'user_api_keys' })
export class UserApiKey {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'api_key', type: 'varchar', length: 40 })
  apiKey: string;

  @Column({ name: 'description', type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @BooleanColumn('revoked', { default: false })
  revoked: boolean;

  @Column({ name: 'last_used', type: Date, nullable: true })
  lastUsed: Date | null;
}
