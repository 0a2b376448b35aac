import { Router } from "express";
import type { AuditService } from "../audit-service";
import { requestPrincipal } from "../../accounts/http/authenticate";

/**
 * `/api/audit`, mounted behind the person check (an agent key is 403: an agent never reads
 * the record of the decisions about its own calls):
 * - `GET /export` → JSON Lines download: a signed header (public key, chains and where each
 *   ends), then the caller's chain and their teams' chains, oldest first, each bounded by
 *   MAX_AUDIT_EXPORT_RECORDS
 * - `GET /public-key` → `{ publicKey, keyId }` (SPKI PEM)
 */
export function createAuditRoutes(audit: AuditService): Router {
  const router = Router();
  router.get("/export", async (req, res) => {
    const { header, records } = await audit.exportFor(requestPrincipal(req).user.id);
    const day = header.exportedAt.slice(0, 10);
    res.status(200);
    res.setHeader("content-type", "application/jsonl; charset=utf-8");
    res.setHeader("content-disposition", `attachment; filename="inquiry-audit-${day}.jsonl"`);
    res.setHeader("cache-control", "no-store");
    for (const line of [header, ...records]) {
      if (!res.write(`${JSON.stringify(line)}\n`))
        await new Promise<void>((resolve) => res.once("drain", resolve));
      if (res.destroyed) return;
    }
    res.end();
  });
  router.get("/public-key", async (_req, res) => {
    res.setHeader("cache-control", "no-store");
    res.json(await audit.publicKey());
  });
  return router;
}
