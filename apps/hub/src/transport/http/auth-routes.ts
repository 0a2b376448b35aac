import { Router } from "express";
import type { RequestHandler } from "express";
import { LoginBodySchema } from "@inquiry-hub/protocol";
import type { MeResponse } from "@inquiry-hub/protocol";
import type { AuthService } from "../../core/auth-service";
import type { DeviceService } from "../../core/device-service";
import { requestPrincipal } from "./authenticate";
import { parseInput } from "./validate";

/**
 * `POST /register` (201, 409 if the username is taken), `POST /login` (200, 401), each
 * creating a new device named by `deviceName` or the user agent (body `userAgent`, else the
 * request's header); `GET /me` (bearer) → `{user, device}`.
 */
export function createAuthRoutes(deps: {
  auth: AuthService;
  devices: DeviceService;
  authenticate: RequestHandler;
}): Router {
  const router = Router();

  router.post("/register", async (req, res) => {
    const body = parseInput(LoginBodySchema, req.body);
    res.status(201).json(await deps.auth.register(body, req.get("user-agent")));
  });

  router.post("/login", async (req, res) => {
    const body = parseInput(LoginBodySchema, req.body);
    res.json(await deps.auth.login(body, req.get("user-agent")));
  });

  router.get("/me", deps.authenticate, async (req, res) => {
    const { user, device } = requestPrincipal(req);
    const me: MeResponse = { user, device: await deps.devices.describe(device, device.id) };
    res.json(me);
  });

  return router;
}
