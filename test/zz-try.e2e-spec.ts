import { startPostgres } from './support/postgres-server.js';
import { startTestApp } from './support/test-app.js';
it('try', async () => {
  const s = await startPostgres();
  await s.sql('create database bzp_app');
  const app = await startTestApp('postgres', { CACHE_MAX_STALENESS_MS: '1000', DB_CHANGE_STREAM: 'log', LOG_LEVEL: 'info' }, { database: { url: s.url('bzp_app'), drop: async () => undefined } });
  console.log((await app.get('/health')).body);
  const admin = await app.seed.user('a@example.com', { groups: ['admin'] });
  const key = await app.seed.apiKey(admin);
  const pid = await app.seed.product('Streamed');
  console.log((await app.get(`/rest/product/${pid}`, { headers: { 'X-BUGZILLA-API-KEY': key } })).body.products[0].description);
  await s.sql(`update products set description='changed by another writer' where id=${pid}`, 'bzp_app');
  const t0 = Date.now();
  for (;;) { const b = (await app.get(`/rest/product/${pid}`, { headers: { 'X-BUGZILLA-API-KEY': key } })).body; if (b.products[0].description.startsWith('changed')) break; await new Promise(r=>setTimeout(r,5)); }
  console.log('served after', Date.now()-t0, 'ms');
  await new Promise(r=>setTimeout(r,1000));
  console.log((await app.get('/metrics')).text.split('\n').filter(l=>/change_stream|readings|keyed|stream_trans|reload_seconds_count/.test(l) && !l.startsWith('#')).join('\n'));
  await app.close();
  await s.stop();
}, 120000);
