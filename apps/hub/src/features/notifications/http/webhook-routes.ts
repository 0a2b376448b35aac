import { Router } from "express";
import type { Request } from "express";
import { WebhookConfigBodySchema, WebhookDecisionBodySchema } from "@inquiry-hub/protocol";
import type { WebhookConfig } from "@inquiry-hub/protocol";
import { requirePerson } from "../../accounts/person-only";
import { HubError } from "../../../kernel/errors";
import type { WebhookDecisions } from "../webhook-decisions";
import type { WebhookConfigStore } from "../ports";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { parseInput } from "../../../platform/http/validate";

/**
 * The caller's webhook channel, behind bearer authentication: `GET` → the configuration
 * (404 when none), `PUT {url, kind}` → the stored configuration (400 when `urlProblem`
 * refuses the URL, e.g. one pointing into the hub's own network), `DELETE` → 204 (404 when none).
 */
export function createWebhookChannelRoutes(deps: {
  configs: WebhookConfigStore;
  /** Why a URL may not be configured, or undefined when it may. */
  urlProblem: (url: string) => Promise<string | undefined>;
}): Router {
  const { configs } = deps;
  const router = Router();

  router.get("/", async (req, res) => {
    const config = await configs.get(requestPrincipal(req).user.id);
    if (config === undefined) throw new HubError("NOT_FOUND", "no webhook configured");
    res.json(config);
  });

  router.put("/", async (req, res) => {
    const body = parseInput(WebhookConfigBodySchema, req.body);
    const problem = await deps.urlProblem(body.url);
    if (problem !== undefined) throw new HubError("BAD_REQUEST", problem);
    const config: WebhookConfig = { ...body, updatedAt: new Date().toISOString() };
    await configs.put(requestPrincipal(req).user.id, config);
    res.json(config);
  });

  router.delete("/", async (req, res) => {
    if (!(await configs.remove(requestPrincipal(req).user.id)))
      throw new HubError("NOT_FOUND", "no webhook configured");
    res.status(204).end();
  });

  return router;
}

/** The logged-in person behind a link request; an agent credential is refused (403). */
function linkUser(req: Request): string {
  const principal = requestPrincipal(req);
  requirePerson(principal, "use a webhook decision link");
  return principal.user.id;
}

/**
 * Decisions from signed links, behind the person's own bearer (mounted after authentication):
 * the token says what to decide, the session says who decides, and they must be the same
 * person. `POST /preview {token}` → what it would do; `POST / {token}` → the resolved inquiry
 * (400 tampered/expired, 401 no session, 403 agent credential, 404 unknown or another
 * person's link, 409 used or already resolved).
 */
export function createWebhookDecisionRoutes(decisions: WebhookDecisions): Router {
  const router = Router();

  router.post("/preview", async (req, res) => {
    const personId = linkUser(req);
    const { token } = parseInput(WebhookDecisionBodySchema, req.body);
    res.json(await decisions.preview(token, personId));
  });

  router.post("/", async (req, res) => {
    const personId = linkUser(req);
    const { token } = parseInput(WebhookDecisionBodySchema, req.body);
    res.json(await decisions.decide(token, personId));
  });

  return router;
}
