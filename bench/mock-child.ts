// The mock in a process of its own (run with `node --import tsx`, one process, so SIGKILL
// really kills the server). MOCK_OPTIONS: JSON ServerOptions (port, coalesceMs, staticDir…).
// MOCK_LOG=stdout writes the request log to stdout as `npm run mock` does; off drops it.
// Tells the parent its address over IPC.
import { batchedStdout } from '../demo/server/middleware/log.ts';
import { startServer } from '../demo/server/serve.ts';

const options = JSON.parse(process.env.MOCK_OPTIONS ?? '{}') as Record<string, unknown>;
// The request log as `npm run mock` writes it (the mock's default): lines batched once per
// event-loop turn. (One synchronous write per line cost ~4 µs of the ~25 µs a checkToken takes.)
const log = process.env.MOCK_LOG === 'off' ? () => {} : batchedStdout();
const server = await startServer({ host: '127.0.0.1', port: 0, ...options, log });
process.send?.({ url: server.url, port: server.port });
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
