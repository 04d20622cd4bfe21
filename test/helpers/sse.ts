/** One Server-Sent Event as a client reads it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * A minimal EventSource over fetch for tests: the response, and the events as they arrive
 * (comments such as heartbeats skipped). `next` waits for the next event matching `wanted`.
 */
export async function openSse(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  const pump = async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      ended = true;
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          break;
        }
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            const value = rest.join(': ');
            if (field === 'id') {
              event.id = value;
            } else if (field === 'event') {
              event.event = value;
              isEvent = true;
            } else if (field === 'data') {
              event.data = value;
              isEvent = true;
            }
          }
          if (isEvent) {
            events.push(event);
          }
          cut = buffer.indexOf('\n\n');
        }
        for (const wake of waiters.splice(0)) {
          wake();
        }
      }
    } catch {
      // aborted by the test
    } finally {
      ended = true;
      for (const wake of waiters.splice(0)) {
        wake();
      }
    }
  };
  void pump();
  let read = 0;
  return {
    response,
    events,
    ended: () => ended,
    /** The next event (after those already taken) that matches, within `ms`. */
    async next(wanted: (e: SseEvent) => boolean = () => true, ms = 5000): Promise<SseEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        while (read < events.length) {
          const e = events[read++] as SseEvent;
          if (wanted(e)) {
            return e;
          }
        }
        if (ended || Date.now() > deadline) {
          throw new Error(
            `no matching event within ${ms} ms (ended: ${ended}, got ${events.length})`,
          );
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => controller.abort(),
  };
}
