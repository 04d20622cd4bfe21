/** Server-Sent Events read by the benches that time arrivals (bench/live-standings.ts). */

/** An SSE or GraphQL-over-SSE subscriber noting when each `eventName` event arrives, by seq. */
export async function subscribe(
  url: string,
  key: string,
  eventName: string,
  seqOf: (event: { id?: string; data: string }) => string | undefined,
  seen: Map<string, number>,
) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = Date.now();
        buffer += decoder.decode(chunk, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const id = field('id');
          if (field('event') === eventName) {
            const seq = seqOf({ ...(id === undefined ? {} : { id }), data: field('data') ?? '' });
            // The last subscriber's time: the latest arrival of each.
            if (seq !== undefined && (seen.get(seq) ?? 0) < at) {
              seen.set(seq, at);
            }
          }
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  return { close: () => controller.abort() };
}
