import { Router } from "express";
import { CredentialsSchema } from "@inquiry-hub/protocol";
import type { AuthService } from "../../core/auth-service";
import { parseInput } from "./validate";

/** `POST /register` (201, 409 if the username is taken) and `POST /login` (200, 401). */
export function createAuthRoutes(auth: AuthService): Router {
  const router = Router();

  router.post("/register", async (req, res) => {
    res.status(201).json(await auth.register(parseInput(CredentialsSchema, req.body)));
  });

  router.post("/login", async (req, res) => {
    res.json(await auth.login(parseInput(CredentialsSchema, req.body)));
  });

  return router;
}
