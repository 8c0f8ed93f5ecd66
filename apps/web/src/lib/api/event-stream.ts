import { getAccessToken } from '../auth/token';
import { apiUrl } from './origin';

/** One server-sent event: its `event:` name and its `data:` text. */
export interface StreamEvent {
  type: string;
  data: string;
}

/**
 * Reads a server-sent event stream with fetch (EventSource cannot send the bearer token): the
 * stream of `path` with the current access token, each event handed to `onEvent` as it comes.
 * Resolves when the stream ends (the server closed it, the token expired); rejects when it cannot
 * be opened (the status in the message) or breaks off. The one streaming call beside base.ts.
 */
export async function readEventStream(
  path: string,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const token = await getAccessToken();
  const res = await fetch(apiUrl(path), {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    cache: 'no-store',
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`event stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let type = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) type = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) onEvent({ type, data: data.join('\n') });
    }
  }
}
