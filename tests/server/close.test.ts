/**
 * Closing the server does not wait for keep-alive connections: one busy at the moment of the
 * close (a service worker precaching the client, say) is closed as soon as its response ends,
 * not after the 72 s keep-alive timeout.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { start, tempDir } from './helpers.ts';

describe('server close', () => {
  it('ends a keep-alive connection that was busy when the close began, without waiting for its timeout', async () => {
    const clientDir = tempDir('athar-client-');
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>x</title>');
    // large enough that the response is still being sent when the close begins
    writeFileSync(join(clientDir, 'assets', 'big.js'), 'x'.repeat(16 * 1024 * 1024));
    const server = await start({ clientDir, demo: false });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { hostname, port } = new URL(server.url);
    let closed: Promise<number> = Promise.resolve(-1);
    const body = new Promise<number>((resolve, reject) => {
      const req = request({ hostname, port, path: '/assets/big.js', agent }, (response) => {
        response.pause();
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
        // the close begins while the response is in flight, then the client reads on
        const started = Date.now();
        const closing = server.close().then(() => Date.now() - started);
        setTimeout(() => response.resume(), 200);
        closed = closing;
      });
      req.on('error', reject);
      req.end();
    });
    expect(await body).toBe(16 * 1024 * 1024);
    const took = await closed;
    agent.destroy();
    expect(took).toBeGreaterThanOrEqual(0);
    expect(took).toBeLessThan(5000);
  }, 20_000);
});
