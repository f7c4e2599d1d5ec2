/**
 * The replay's history parsed and prepared off the main thread: the route report's JSON bytes in,
 * the columns of `prepareReplay` out (their buffers transferred, not copied), so a day of
 * one-second positions never blocks the page. Nothing here touches the DOM.
 */
import { prepareReplay } from '../../domain/replay';
import { transferablesOf, type PrepareRequest, type PrepareResponse } from './prepare';
import { errorText } from '../../domain/errors';

const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<PrepareRequest>) => void) | null; postMessage(message: PrepareResponse, transfer: Transferable[]): void };

scope.onmessage = (event) => {
  try {
    const positions: unknown = JSON.parse(new TextDecoder().decode(event.data.bytes));
    if (!Array.isArray(positions)) throw new Error('The server did not answer with positions.');
    const data = prepareReplay(positions);
    scope.postMessage({ data }, transferablesOf(data));
  } catch (error) {
    scope.postMessage({ error: errorText(error) }, []);
  }
};
