import { Router } from "express";
import { DeviceRenameBodySchema } from "@inquiry-hub/protocol";
import type { DeviceListResponse } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { DeviceService } from "../device-service";
import { requestPrincipal } from "./authenticate";
import { parseInput } from "../../../platform/http/validate";

const DeviceIdSchema = z.string().min(1).max(200);

/**
 * `GET /` → `{devices}` (the caller's own, unrevoked, `current` marking the caller);
 * `PATCH /:id` `{name}` → the renamed device (400 for a blank or over-long name, 404 for
 * unknown, foreign or revoked ids); `DELETE /:id` → 204 revokes one of them (404 likewise).
 * Mounted behind person-only bearer authentication: an agent credential renames nothing.
 */
export function createDeviceRoutes(devices: DeviceService): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    const { user, device } = requestPrincipal(req);
    const body: DeviceListResponse = { devices: await devices.list(user.id, device.id) };
    res.json(body);
  });

  router.patch("/:id", async (req, res) => {
    const id = parseInput(DeviceIdSchema, req.params.id, "id");
    const { name } = parseInput(DeviceRenameBodySchema, req.body);
    const { user, device } = requestPrincipal(req);
    res.json(await devices.renameOwn(user.id, id, name, device.id));
  });

  router.delete("/:id", async (req, res) => {
    const id = parseInput(DeviceIdSchema, req.params.id, "id");
    await devices.revoke(requestPrincipal(req).user.id, id);
    res.status(204).end();
  });

  return router;
}
