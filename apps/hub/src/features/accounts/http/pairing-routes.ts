import { Router } from "express";
import type { RequestHandler } from "express";
import { PairingClaimBodySchema, PairingLookupBodySchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { PairingService } from "../pairing-service";
import type { SocketTicketService } from "../socket-ticket-service";
import { requestPrincipal } from "./authenticate";
import { parseInput } from "../../../platform/http/validate";

const PairingIdSchema = z.string().min(1).max(200);

/**
 * `POST /pairing` (bearer) → 201 `{id, code, expiresAt}`; `GET /pairing/:id` (bearer) → what
 * became of one of the caller's codes (waiting, used by which device, expired), 404 for
 * anyone else's; `POST /pairing/claim` (no bearer, the code is the credential) → 201
 * `{token, user, device}` or 404 for unknown, used or expired codes; `POST /pairing/lookup`
 * (no bearer) → the account a waiting code joins, or only that it is used or expired;
 * `POST /socket-ticket` (bearer) → 201 `{ticket, expiresAt}`.
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

  router.post("/pairing/lookup", async (req, res) => {
    res.json(await deps.pairing.lookup(parseInput(PairingLookupBodySchema, req.body)));
  });

  router.get("/pairing/:id", deps.authenticate, async (req, res) => {
    const id = parseInput(PairingIdSchema, req.params.id, "id");
    res.json(await deps.pairing.status(requestPrincipal(req), id));
  });

  router.post("/socket-ticket", deps.authenticate, async (req, res) => {
    res.status(201).json(await deps.tickets.issue(requestPrincipal(req)));
  });

  return router;
}
