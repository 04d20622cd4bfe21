// Serves PostGraphile on 127.0.0.1:$PORT: POST /graphql, and GET /readyz once the schema is built.
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { grafserv } from 'postgraphile/grafserv/node';
import preset from './graphile.config.mjs';

const pgl = postgraphile(preset);
const serv = pgl.createServ(grafserv);
await pgl.getSchema();
const graphql = serv.createHandler();
const server = createServer((req, res) => {
  if (req.url === '/readyz') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  } else {
    graphql(req, res);
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');

const close = async () => {
  server.close();
  await pgl.release();
  process.exit(0);
};
process.once('SIGTERM', close);
process.once('SIGINT', close);
