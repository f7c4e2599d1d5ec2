/**
 * Preparing a replay's history (`prepareReplay`) in a worker (`prepare.worker.ts`): the bytes go in
 * transferred, the typed columns come back transferred. Where workers are missing (tests in jsdom)
 * it is done here. An aborted signal ends the worker.
 */
import { prepareReplay, type ReplayData } from '../../domain/replay';

export interface PrepareRequest {
  bytes: ArrayBuffer;
}
export type PrepareResponse = { data: ReplayData } | { error: string };

/** The buffers of a prepared history, to transfer rather than copy. */
export function transferablesOf(data: ReplayData): Transferable[] {
  const buffers = new Set<ArrayBufferLike>([data.steps.buffer]);
  for (const track of data.tracks) {
    for (const column of [track.times, track.lats, track.lons, track.courses, track.speeds, track.altitudes, track.ids, track.distances, track.line]) buffers.add(column.buffer);
  }
  return [...buffers] as Transferable[];
}

export function prepareOffThread(bytes: ArrayBuffer, signal?: AbortSignal): Promise<ReplayData> {
  if (typeof Worker === 'undefined') {
    const positions: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(positions)) return Promise.reject(new Error('The server did not answer with positions.'));
    return Promise.resolve(prepareReplay(positions));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./prepare.worker.ts', import.meta.url), { type: 'module', name: 'replay' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('The replay was closed.', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<PrepareResponse>) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      if ('data' in event.data) resolve(event.data.data);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'The replay could not be prepared.'));
    };
    worker.postMessage({ bytes } satisfies PrepareRequest, [bytes]);
  });
}
