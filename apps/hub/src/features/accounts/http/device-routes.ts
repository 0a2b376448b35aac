import { Router } from "express";
import type { DeviceListResponse } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { DeviceService } from "../device-service";
import { requestPrincipal } from "./authenticate";
import { parseInput } from "../../../platform/http/validate";

const DeviceIdSchema = z.string().min(1).max(200);

/**
 * `GET /` → `{devices}` (the caller's own, unrevoked, `current` marking the caller);
 * `DELETE /:id` → 204 revokes one of them (404 for unknown, foreign or already revoked ids).
 * Mounted behind bearer authentication.
 */
export function createDeviceRoutes(devices: DeviceService): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    const { user, device } = requestPrincipal(req);
    const body: DeviceListResponse = { devices: await devices.list(user.id, device.id) };
    res.json(body);
  });

  router.delete("/:id", async (req, res) => {
    const id = parseInput(DeviceIdSchema, req.params.id, "id");
    await devices.revoke(requestPrincipal(req).user.id, id);
    res.status(204).end();
  });

  return router;
}
