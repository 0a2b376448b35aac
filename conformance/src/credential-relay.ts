import { once } from "node:events";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/** A running relay: the address the conformance runner talks to, and how to stop it. */
export interface CredentialRelay {
  /** `http://127.0.0.1:<port>`; a path on it reaches the same path on the hub. */
  readonly url: URL;
  close(): Promise<void>;
}

/**
 * A loopback HTTP relay in front of the hub that adds `Authorization: Bearer <secret>` to
 * every request. The conformance runner sends no headers of its own, and the hub serves no MCP
 * request without a credential. Everything else passes untouched and streamed both ways
 * (method, path, body, SSE, Host and Origin), so the hub judges the runner's DNS-rebinding
 * probes exactly as it would judge a browser's: the relay adds a credential, never trust.
 */
export async function startCredentialRelay(hub: URL, secret: string): Promise<CredentialRelay> {
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        hostname: hub.hostname,
        port: hub.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, authorization: `Bearer ${secret}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.once("error", () => outgoing.destroy());
    outgoing.once("close", () => {
      if (!outgoing.writableFinished) forwarded.destroy();
    });
    incoming.pipe(forwarded);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    async close() {
      const closed = once(server, "close");
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
