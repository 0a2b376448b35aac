import { once } from "node:events";
import { Agent } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import httpProxy from "http-proxy";
import { guardConnections } from "./connection-guard";
import type { ConnectionLimits } from "./connection-guard";
import { stampForwardedHeaders } from "./forwarded-headers";
import { routeOf } from "./routes";

/** What the front door serves and where it sends requests. */
export interface GatewayOptions {
  /** The web app's own address, e.g. `http://127.0.0.1:3000`. */
  webUrl: string;
  /** The hub's own address, e.g. `http://127.0.0.1:4000`; it gets `/socket.io/` only. */
  hubUrl: string;
  /** PEM certificate chain served to clients: the front door's certificate, then its authority. */
  cert: string;
  /** PEM private key of the front door's certificate. */
  key: string;
  /** PEM certificate of the authority a phone trusts, downloadable at CERTIFICATE_PATH. */
  authority: string;
  /** Deadline for a first request and connections per address. */
  limits: ConnectionLimits;
  /** Interface to listen on: `0.0.0.0` in LAN mode so phones reach it. */
  host: string;
  /** Port to listen on; 0 picks a free one (tests). */
  port: number;
}

/** A listening front door. */
export interface Gateway {
  /** The port it listens on (the chosen one when `port` was 0). */
  port: number;
  /** Stops accepting, drops open connections (websockets included) and resolves when closed. */
  close(): Promise<void>;
}

/**
 * The LAN front door: one HTTPS origin for the whole product, so a phone gets a secure
 * context (service worker, Web Push, install) and one origin for pages and sockets alike.
 * `/socket.io/` (websocket upgrades included) goes to the hub, everything else to the web;
 * each request carries X-Forwarded-For/-Proto/-Host/-Port describing the phone's connection,
 * which the web (one trusted hop) and the hub (loopback trusted) believe. An upstream that is
 * down answers 502 naming it, rather than hanging the phone.
 */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  /** Its own pool of upstream connections, so close() can end them rather than leave them idle. */
  const agent = new Agent({ keepAlive: true });
  const proxy = httpProxy.createProxyServer({ ws: true, agent });
  // http-proxy ends the hub side of a websocket only when the phone's side ends cleanly; a phone
  // that drops off the Wi-Fi would leave it open. Tie the two ends' lifetimes together.
  proxy.on("proxyReqWs", (proxyRequest, _request, socket: Socket) => {
    proxyRequest.on("upgrade", (_response, upstream: Socket) => {
      socket.once("close", () => upstream.destroy());
      upstream.once("close", () => socket.destroy());
    });
  });
  const targets = { hub: options.hubUrl, web: options.webUrl } as const;

  function answerUnreachable(name: string, error: Error, response: ServerResponse | Socket) {
    if (!("writeHead" in response)) {
      response.destroy();
      return;
    }
    if (!response.headersSent)
      response.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
    response.end(`The ${name} is not reachable behind the front door (${error.message}).`);
  }

  function handleRequest(request: IncomingMessage, response: ServerResponse): void {
    const route = routeOf(request.url);
    if (route === "certificate") {
      response.writeHead(200, {
        "content-type": "application/x-x509-ca-cert",
        "content-disposition": 'attachment; filename="inquiry-hub.crt"',
      });
      response.end(options.authority);
      return;
    }
    stampForwardedHeaders(request);
    proxy.web(request, response, { target: targets[route] }, (error, _request, target) =>
      answerUnreachable(route, error, target),
    );
  }

  const server = createServer({ cert: options.cert, key: options.key }, handleRequest);
  const guard = guardConnections(server, options.limits);
  /** Upgraded sockets leave the server's bookkeeping, so close() must end them itself. */
  const upgraded = new Set<Socket>();
  server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const route = routeOf(request.url);
    if (route === "certificate") {
      socket.destroy();
      return;
    }
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
    stampForwardedHeaders(request);
    proxy.ws(request, socket, head, { target: targets[route] }, () => socket.destroy());
  });

  server.listen(options.port, options.host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    port,
    async close() {
      const closed = once(server, "close");
      server.close();
      server.closeAllConnections();
      guard.destroyAll();
      for (const socket of upgraded) socket.destroy();
      proxy.close();
      agent.destroy();
      await closed;
    },
  };
}
