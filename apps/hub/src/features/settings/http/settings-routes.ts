import { Router } from "express";
import { UpdateSettingsBodySchema } from "@inquiry-hub/protocol";
import type { SettingsService } from "../settings-service";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { parseInput } from "../../../platform/http/validate";

/**
 * `GET /api/settings` → the user's settings; `PUT /api/settings` with any of `yolo`, `routing`,
 * `quietHours`, `digest` (`null` removes a reach part) → the new settings (400 naming the bad
 * field, nothing changed). Mounted behind person authentication: an agent credential gets 403.
 * Every device of the user hears the change as `settings:changed`.
 */
export function createSettingsRoutes(settings: SettingsService): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    res.json(await settings.get(requestPrincipal(req).user.id));
  });

  router.put("/", async (req, res) => {
    const body = parseInput(UpdateSettingsBodySchema, req.body);
    res.json(await settings.update(requestPrincipal(req).user.id, body));
  });

  return router;
}
