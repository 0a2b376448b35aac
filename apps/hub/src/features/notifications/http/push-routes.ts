import { Router } from "express";
import { PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from "@inquiry-hub/protocol";
import type { PushKeyResponse } from "@inquiry-hub/protocol";
import type { RequestHandler } from "express";
import { HubError } from "../../../kernel/errors";
import type { PushSender, PushSubscriptionStore } from "../ports";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { parseInput } from "../../../platform/http/validate";

/**
 * Web Push registration. `GET /key` → the VAPID public key (public by nature, so no bearer);
 * behind bearer: `POST /subscriptions` (a browser's PushSubscription JSON) → 201 ties it to
 * the calling device, 400 when `endpointProblem` names one (the hub would POST to that URL:
 * it must be https and public), 409 when another user holds the endpoint;
 * `DELETE /subscriptions {endpoint}` → 204, or 404 when this device has no such subscription.
 */
export function createPushRoutes(deps: {
  sender: PushSender;
  subscriptions: PushSubscriptionStore;
  authenticate: RequestHandler;
  /** Why the hub must not send to `endpoint`, or undefined when it may. */
  endpointProblem: (endpoint: string) => Promise<string | undefined>;
}): Router {
  const router = Router();

  router.get("/key", (_req, res) => {
    const body: PushKeyResponse = { publicKey: deps.sender.publicKey };
    res.json(body);
  });

  router.post("/subscriptions", deps.authenticate, async (req, res) => {
    const { user, device } = requestPrincipal(req);
    const body = parseInput(PushSubscriptionBodySchema, req.body);
    const problem = await deps.endpointProblem(body.endpoint);
    if (problem !== undefined) throw new HubError("BAD_REQUEST", problem);
    const saved = await deps.subscriptions.put({
      endpoint: body.endpoint,
      keys: body.keys,
      deviceId: device.id,
      userId: user.id,
      createdAt: new Date().toISOString(),
    });
    if (saved === "taken")
      throw new HubError("CONFLICT", "this push endpoint is registered to another account");
    res.status(201).json({ endpoint: body.endpoint, deviceId: device.id });
  });

  router.delete("/subscriptions", deps.authenticate, async (req, res) => {
    const { device } = requestPrincipal(req);
    const body = parseInput(PushUnsubscribeBodySchema, req.body);
    if (!(await deps.subscriptions.remove(device.id, body.endpoint)))
      throw new HubError("NOT_FOUND", "this device has no such push subscription");
    res.status(204).end();
  });

  return router;
}
