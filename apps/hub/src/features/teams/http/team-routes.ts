import { Router } from "express";
import {
  CreateTeamBodySchema,
  TeamInvitationBodySchema,
  TeamInvitationClaimBodySchema,
  TeamMemberPatchBodySchema,
} from "@inquiry-hub/protocol";
import type { TeamService } from "../team-service";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { parseInput } from "../../../platform/http/validate";

/**
 * Teams, mounted at `/api/teams` behind authentication:
 * `POST /` `{name}` → 201 team (caller = owner; the name is a label, it may repeat);
 * `GET /` → the caller's teams with their ids, which is where an operator reads the
 * `team_id` a proxy policy names; `GET /:id` → members with roles (404 unless a member);
 * `POST /:id/invitations` `{role}` → 201 `{code, expiresAt}` (owners only, 403 otherwise);
 * `POST /invitations/claim` `{code}` → 200 team (404 for unknown, used or expired codes);
 * `PATCH /:id/members/:userId` `{role}` and `DELETE /:id/members/:userId` (owners only; 409
 * when the team would lose its last owner). Bodies are validated before anything changes.
 */
export function createTeamRoutes(teams: TeamService): Router {
  const router = Router();
  const me = (req: Parameters<typeof requestPrincipal>[0]) => requestPrincipal(req).user.id;

  router.post("/", async (req, res) => {
    const { name } = parseInput(CreateTeamBodySchema, req.body);
    res.status(201).json(await teams.create(me(req), name));
  });

  router.get("/", async (req, res) => {
    res.json(await teams.listOf(me(req)));
  });

  router.post("/invitations/claim", async (req, res) => {
    const { code } = parseInput(TeamInvitationClaimBodySchema, req.body);
    res.json(await teams.claim(me(req), code));
  });

  router.get("/:id", async (req, res) => {
    res.json(await teams.get(me(req), req.params.id));
  });

  router.post("/:id/invitations", async (req, res) => {
    const { role } = parseInput(TeamInvitationBodySchema, req.body);
    res.status(201).json(await teams.invite(me(req), req.params.id, role));
  });

  router.patch("/:id/members/:userId", async (req, res) => {
    const { role } = parseInput(TeamMemberPatchBodySchema, req.body);
    res.json(await teams.setRole(me(req), req.params.id, req.params.userId, role));
  });

  router.delete("/:id/members/:userId", async (req, res) => {
    res.json(await teams.removeMember(me(req), req.params.id, req.params.userId));
  });

  return router;
}
