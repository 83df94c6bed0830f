// The mock in a process of its own, for test environments whose globals (happy-dom's URL,
// fetch, Request) must not leak into the server. Prints `ready <url>`, then its request log.
import { startServer } from '../../demo/server/serve.ts';

const server = await startServer({ port: 0, coalesceMs: 20, log: (line) => console.log(line), ...JSON.parse(process.env.MOCK_OPTIONS ?? '{}') });
console.log(`ready ${server.url}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
