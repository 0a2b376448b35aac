import { Router } from "express";
import type { RequestHandler } from "express";
import { LoginBodySchema } from "@inquiry-hub/protocol";
import type { MeResponse } from "@inquiry-hub/protocol";
import type { AuthService } from "../auth-service";
import type { DeviceService } from "../device-service";
import type { LoginThrottle } from "../login-throttle";
import { requestPrincipal } from "./authenticate";
import { clientAddress } from "./rate-limit";
import { parseInput } from "../../../platform/http/validate";

/**
 * `POST /register` (201; 403 with one message whether the username is taken or registration
 * is closed, see RegistrationPolicy), `POST /login` (200; 401 with one message), each
 * creating a new device named by `deviceName` or the user agent (body `userAgent`, else the
 * request's header), 429 past the failed-login budgets of the account; `GET /me` (bearer) → `{user, device, purpose}`; `POST /logout` (bearer) → 204
 * revokes the presenting credential, so a logged-out device's token is dead everywhere, not
 * only forgotten by its browser.
 */
export function createAuthRoutes(deps: {
  auth: AuthService;
  devices: DeviceService;
  authenticate: RequestHandler;
  /** Failed-login budgets per account; see LoginThrottle for the policy. */
  loginThrottle: LoginThrottle;
}): Router {
  const router = Router();

  router.post("/register", async (req, res) => {
    const body = parseInput(LoginBodySchema, req.body);
    res.status(201).json(await deps.auth.register(body, req.get("user-agent")));
  });

  router.post("/login", async (req, res) => {
    const body = parseInput(LoginBodySchema, req.body);
    const login = () => deps.auth.login(body, req.get("user-agent"));
    res.json(await deps.loginThrottle.attempt(body.username, clientAddress(req), login));
  });

  router.post("/logout", deps.authenticate, async (req, res) => {
    const { user, device } = requestPrincipal(req);
    await deps.devices.revoke(user.id, device.id);
    res.status(204).end();
  });

  router.get("/me", deps.authenticate, async (req, res) => {
    const { user, device } = requestPrincipal(req);
    const me: MeResponse = {
      user,
      device: await deps.devices.describe(device, device.id),
      purpose: device.purpose,
    };
    res.json(me);
  });

  return router;
}
