import { Router } from "express";
import { DigestQuerySchema } from "@inquiry-hub/protocol";
import type { Digest } from "@inquiry-hub/protocol";
import type { DigestService } from "../digest-service";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { parseInput } from "../../../platform/http/validate";

/**
 * `GET /?day=YYYY-MM-DD&timeZone=<IANA>` → the caller's digest of that day. Mounted behind
 * person-only bearer authentication (agent credentials get 403); a bad day or zone is a 400
 * naming it, and only the caller's own history is read.
 */
export function createDigestRoutes(digests: DigestService): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    const query = parseInput(DigestQuerySchema, req.query, "query");
    const digest: Digest = await digests.forDay(requestPrincipal(req).user.id, query);
    res.json(digest);
  });
  return router;
}
