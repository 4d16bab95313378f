import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One request the local receiver got. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local HTTP server standing in for a webhook's receiver (and, with `handle`, for GitHub's
 * REST API): it keeps every request; `down` makes it answer 503 without keeping the body.
 */
export interface Receiver {
  url: string;
  received: Received[];
  /** Requests refused while down. */
  refused: number;
  down: boolean;
  close(): Promise<void>;
}

export type Handler = (r: Received) => { status: number; body?: unknown };

export async function startReceiver(handle?: Handler): Promise<Receiver> {
  const state = { received: [] as Received[], refused: 0, down: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (state.down) {
        state.refused++;
        res.writeHead(503).end();
        return;
      }
      state.received.push(r);
      const answer = handle?.(r) ?? { status: 200 };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get refused() {
      return state.refused;
    },
    get down() {
      return state.down;
    },
    set down(v: boolean) {
      state.down = v;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `done` every 50 ms until it holds or `bound` polls passed (a generous bound, not a timing assertion). */
export async function until(done: () => boolean, bound = 1200): Promise<void> {
  for (let i = 0; i < bound && !done(); i++) await new Promise((r) => setTimeout(r, 50));
}
