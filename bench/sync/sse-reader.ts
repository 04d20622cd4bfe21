import http from 'node:http';

/** A `change` event of `GET /v1/football/stream` (docs/push.md), as a subscriber reads it. */
export interface StreamChange {
  seq: string;
  matchId: number;
  resource: string;
  kind: string;
  at: string;
  value: unknown;
}

interface OpenStream {
  status: number;
  close(): void;
}

/**
 * Subscribes to the changes of the given matches and calls `onChange` with each, the moment its
 * event is read (before anything else is done with it). Resolves once the stream has answered.
 */
export function openStream(
  baseUrl: string,
  key: string,
  matchIds: readonly number[],
  onChange: (change: StreamChange) => void,
): Promise<OpenStream> {
  const url = `${baseUrl}/v1/football/stream?matchId=${matchIds.join(',')}`;
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${key}` } }, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (block.includes('event: change') && data) {
            onChange(JSON.parse(data) as StreamChange);
          }
          cut = buffer.indexOf('\n\n');
        }
      });
      response.on('error', () => {});
      resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}
