/** One keep-alive agent for a benchmark's requests, and a GET that answers its status (0 on a network error). */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function get(port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
    request.end();
  });
}

/** Closes the agent's kept-alive sockets (at a run's end: the process can exit; later requests open new ones). */
export function closeConnections(): void {
  agent.destroy();
}
