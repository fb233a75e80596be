import mysql from 'mysql2/promise';
const admin = await mysql.createConnection('mysql://root@127.0.0.1:3306');
await admin.query('CREATE DATABASE IF NOT EXISTS dltest'); await admin.end();
const pool = mysql.createPool({uri:'mysql://root@127.0.0.1:3306/dltest', connectionLimit: 10});
await pool.query('DROP TABLE IF EXISTS v');
await pool.query('CREATE TABLE v (id int auto_increment primary key, user_id int not null, bug_id int not null, ts datetime not null, unique key u (user_id,bug_id), key t (ts))');
let deadlocks = 0, other = 0;
for (let round = 0; round < 30; round++) {
  await Promise.all(Array.from({length: 20}, async () => {
    const c = await pool.getConnection();
    try {
      await c.query('START TRANSACTION');
      await c.query('SELECT 1');
      await c.query('INSERT INTO v (user_id,bug_id,ts) VALUES (?,?,UTC_TIMESTAMP()) ON DUPLICATE KEY UPDATE ts = VALUES(ts)', [round, 1]);
      await c.query('COMMIT');
    } catch (e) { if (e.errno === 1213) deadlocks++; else { other++; console.log(e.code); } await c.query('ROLLBACK'); }
    finally { c.release(); }
  }));
}
console.log({deadlocks, other});
await pool.query('DROP DATABASE dltest'); await pool.end();
