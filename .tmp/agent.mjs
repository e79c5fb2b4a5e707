import { Agent, Pool } from 'undici';
import http from 'node:http';
const srv = http.createServer((req, res) => { /* hang */ }).listen(0);
await new Promise(r => srv.on('listening', r));
const origin = `http://127.0.0.1:${srv.address().port}`;
for (const kind of ['pool', 'agent']) {
  const d = kind === 'pool' ? new Pool(origin, { connections: 6, pipelining: 1 }) : new Agent({ connections: 6, pipelining: 1 });
  const reqs = Array.from({ length: 3 }, () => d.request({ origin, path: '/', method: 'GET' }).catch(e => e.code));
  await new Promise(r => setTimeout(r, 100));
  void d.close();
  const t = Date.now();
  await Promise.race([d.destroy(), new Promise(r => setTimeout(() => r('hung'), 2000))]).then(v => console.log(kind, 'destroy', v ?? 'ok', Date.now() - t));
  console.log(kind, await Promise.race([Promise.all(reqs), new Promise(r => setTimeout(() => r('reqs hung'), 2000))]));
}
srv.closeAllConnections(); srv.close();
