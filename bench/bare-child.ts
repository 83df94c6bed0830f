// The reference server: bare node:http answering the same JSON bodies as the mock
// (BODIES: JSON {pathname: body}), with the same Content-Type. No routing library, no auth.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const bodies = new Map(Object.entries(JSON.parse(process.env.BODIES ?? '{}') as Record<string, string>).map(([k, v]) => [k, Buffer.from(v)]));
const server = createServer((req, res) => {
  const q = req.url?.indexOf('?') ?? -1;
  const body = bodies.get(q < 0 ? (req.url ?? '/') : req.url!.slice(0, q));
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ url: `http://127.0.0.1:${port}`, port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));
