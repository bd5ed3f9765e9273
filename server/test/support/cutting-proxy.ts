import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny HTTP reverse proxy that cuts every request after `cutAfterMs`, as load balancers with an
 * idle or total timeout do: the client's socket and the upstream request are destroyed mid-answer.
 */
export async function startCuttingProxy(target: string, cutAfterMs: number): Promise<{ url: string; cuts: number; close(): Promise<void> }> {
  const upstreamUrl = new URL(target);
  const state = { cuts: 0 };
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: upstreamUrl.hostname, port: upstreamUrl.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstreamUrl.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
    const timer = setTimeout(() => {
      if (res.writableEnded) return;
      state.cuts += 1;
      upstream.destroy();
      req.socket.destroy();
    }, cutAfterMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get cuts() {
      return state.cuts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
