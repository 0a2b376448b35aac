import { Router } from "express";
import type { RequestHandler } from "express";
import { PairingClaimBodySchema } from "@inquiry-hub/protocol";
import type { PairingService } from "../pairing-service";
import type { SocketTicketService } from "../socket-ticket-service";
import { requestPrincipal } from "./authenticate";
import { parseInput } from "../../../platform/http/validate";

/**
 * `POST /pairing` (bearer) → 201 `{code, expiresAt}`; `POST /pairing/claim` (no bearer, the
 * code is the credential) → 201 `{token, user, device}` or 404 for unknown, used or expired
 * codes; `POST /socket-ticket` (bearer) → 201 `{ticket, expiresAt}`.
 */
export function createPairingRoutes(deps: {
  pairing: PairingService;
  tickets: SocketTicketService;
  authenticate: RequestHandler;
}): Router {
  const router = Router();

  router.post("/pairing", deps.authenticate, async (req, res) => {
    res.status(201).json(await deps.pairing.create(requestPrincipal(req)));
  });

  router.post("/pairing/claim", async (req, res) => {
    const body = parseInput(PairingClaimBodySchema, req.body);
    res.status(201).json(await deps.pairing.claim(body, req.get("user-agent")));
  });

  router.post("/socket-ticket", deps.authenticate, async (req, res) => {
    res.status(201).json(await deps.tickets.issue(requestPrincipal(req)));
  });

  return router;
}
