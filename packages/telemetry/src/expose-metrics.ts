import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { Router } from "express";
import type { Registry } from "prom-client";
import type { MetricsExposure } from "./metrics-env";
import { createMetricsRoute } from "./metrics-route";
import type { RefuseMetrics } from "./metrics-route";

/** What the app mounts on its own port, and the separate listener's lifecycle. */
export interface MetricsEndpoints {
  /** `GET /metrics` on the main port for `main-port`; empty otherwise (so it is a 404). */
  router: Router;
  /** Starts the separate listener for `own-port`; resolves with its base URL, else undefined. */
  listen(): Promise<URL | undefined>;
  close(): Promise<void>;
}

/** Where {@link exposeMetrics} serves what, and how the app words a refusal. */
export interface ExposeMetricsOptions {
  exposure: MetricsExposure;
  registry: Registry;
  refuse: RefuseMetrics;
}

function urlOf(server: Server): URL {
  const { address, port } = server.address() as AddressInfo;
  const hostname = address.includes(":") ? `[${address}]` : address;
  return new URL(`http://${hostname}:${port}/`);
}

/**
 * Puts `/metrics` where `exposure` says. The separate listener serves nothing else, so a
 * scraper given its address reaches no API route, and it binds loopback unless told otherwise.
 */
export function exposeMetrics({
  exposure,
  registry,
  refuse,
}: ExposeMetricsOptions): MetricsEndpoints {
  const router = Router();
  if (exposure.kind === "main-port")
    router.get("/metrics", createMetricsRoute({ registry, token: exposure.token, refuse }));
  if (exposure.kind !== "own-port")
    return { router, listen: () => Promise.resolve(undefined), close: () => Promise.resolve() };

  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", createMetricsRoute({ registry, token: exposure.token, refuse }));
  const server = createServer(app);
  return {
    router,
    listen() {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(exposure.port, exposure.host, () => {
          server.off("error", reject);
          resolve(urlOf(server));
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
