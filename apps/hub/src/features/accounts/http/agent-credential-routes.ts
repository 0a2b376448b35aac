import { Router } from "express";
import type { RequestHandler } from "express";
import { CreateAgentKeyBodySchema, MintRunBodySchema } from "@inquiry-hub/protocol";
import type { AgentKeyListResponse } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { AgentCredentialService } from "../agent-credential-service";
import { requestPrincipal } from "./authenticate";
import { parseInput } from "../../../platform/http/validate";

const CredentialIdSchema = z.string().min(1).max(200);

/** Lifetime of an agent key when the person names none. */
export const DEFAULT_AGENT_KEY_DAYS = 30;

/**
 * Agent keys: `GET /api/agent-keys` → `{keys}`, `POST /api/agent-keys {name, expiresInDays?}`
 * → 201 `{key, secret}` (the secret only here), `DELETE /api/agent-keys/:id` → `{key}`.
 * Chat runs: `POST /api/agent-runs` → 201 `{id, token, expiresAt}`, `DELETE
 * /api/agent-runs/:id` → 204. Every route runs behind `authenticatePerson`: an agent
 * credential cannot list, mint or revoke credentials. Issuing runs behind `limitIssuing`, a
 * per-user budget, because every credential is a stored record. The one exception is `DELETE
 * /api/agent-runs/self` → 204 behind `authenticate`: a run credential ending its own run
 * (403 for a device or an agent key).
 */
export function createAgentCredentialRoutes(
  credentials: AgentCredentialService,
  auth: { authenticate: RequestHandler; authenticatePerson: RequestHandler },
  limitIssuing: RequestHandler,
): Router {
  const { authenticate, authenticatePerson } = auth;
  const router = Router();
  router.delete("/agent-runs/self", authenticate, async (req, res) => {
    await credentials.revokeSelf(requestPrincipal(req));
    res.status(204).end();
  });
  router.use(["/agent-keys", "/agent-runs"], authenticatePerson);
  router.post(["/agent-keys", "/agent-runs"], limitIssuing);

  router.get("/agent-keys", async (req, res) => {
    const body: AgentKeyListResponse = { keys: await credentials.listKeys(requestPrincipal(req)) };
    res.json(body);
  });

  router.post("/agent-keys", async (req, res) => {
    const body = parseInput(CreateAgentKeyBodySchema, req.body);
    const created = await credentials.createKey(
      requestPrincipal(req),
      body.name,
      body.expiresInDays ?? DEFAULT_AGENT_KEY_DAYS,
    );
    res.status(201).json(created);
  });

  router.delete("/agent-keys/:id", async (req, res) => {
    const id = parseInput(CredentialIdSchema, req.params.id, "id");
    res.json({ key: await credentials.revokeKey(requestPrincipal(req), id) });
  });

  router.post("/agent-runs", async (req, res) => {
    const body = parseInput(MintRunBodySchema, req.body ?? {});
    res.status(201).json(await credentials.mintRun(requestPrincipal(req), body.turn));
  });

  router.delete("/agent-runs/:id", async (req, res) => {
    const id = parseInput(CredentialIdSchema, req.params.id, "id");
    await credentials.revokeRun(requestPrincipal(req), id);
    res.status(204).end();
  });

  return router;
}
