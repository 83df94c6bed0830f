/**
 * The real mock in a child process, and requests to it with node:http (which a DOM test
 * environment leaves alone): for the owner console's unit tests.
 */
import { request } from 'node:http';
import type { PrivateCall } from '../../demo/console-live.ts';
import { DEMO_TOKENS } from '../../demo/server/seed.ts';
import { withMockProcess } from './mock-process.ts';

export function withMockClient() {
  // The mock in a child process: the DOM environment here is no place for the server.
  const server = withMockProcess();

  /** One request to the mock; the answer as JSON. */
  function nodeJson(
    method: string,
    path: string,
    fields?: Record<string, unknown>,
    token = DEMO_TOKENS.private_token,
  ): Promise<{ status: number; body: any }> {
    return new Promise((resolve, reject) => {
      const body = fields ? JSON.stringify(fields) : undefined;
      const req = request(`${server.url}${path}`, {
        method,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null }));
      });
      req.on('error', reject).end(body);
    });
  }

  /** The private API with the demo's private token, as the console calls it. */
  const call: PrivateCall = (path, method = 'GET', fields) => nodeJson(method, `/private/${path}`, fields);
  return { server, nodeJson, call };
}
