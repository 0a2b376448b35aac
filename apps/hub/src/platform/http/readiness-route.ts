import type { RequestHandler } from "express";

/** What `/api/ready` reports: ready, or not and why. */
export type NodeReadiness = { ready: true } | { ready: false; reason: string };

/**
 * `GET /api/ready`: 200 `{ ready: true }` while this node can serve, 503 `{ ready: false,
 * reason }` otherwise, so a load balancer stops sending it traffic (and resumes once it
 * recovers). `/api/health` stays liveness: a node that is alive but cut off from Redis is
 * healthy (do not restart it) yet not ready (do not route to it). The reason names a part,
 * never an address or a credential.
 */
export function createReadinessHandler(readiness: () => NodeReadiness): RequestHandler {
  return (_req, res) => {
    const state = readiness();
    res.setHeader("Cache-Control", "no-store");
    if (state.ready) res.json({ ready: true });
    else res.status(503).json({ ready: false, reason: state.reason });
  };
}
