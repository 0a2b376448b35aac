import { Router } from "express";
import { z } from "zod";
import { BatchDecisionBodySchema } from "@inquiry-hub/protocol";
import { requestPrincipal } from "../../../accounts/http/authenticate";
import { requirePerson } from "../../../accounts/person-only";
import { parseInput } from "../../../../platform/http/validate";
import type { DecideBatch } from "../batch-decision";

/** A batch id as the hub makes them (`run-…`, `batch-…`); anything else names no batch. */
const BatchParamsSchema = z.object({
  batchId: z
    .string()
    .max(100)
    .regex(/^[a-z]+-[0-9a-f-]+$/, "not a batch id"),
});

/**
 * `POST /api/approval-batches/:batchId/decide` (BatchDecisionBody): the person decides the
 * approvals they saw in one group as one act. A person's credential only: an agent key gets
 * 403 whatever it lists, since deciding is the person's. A bad body or batch id is a 400
 * naming the field, and nothing is decided. The answer lists what was decided and what was
 * left with the reason; approvals that are not the caller's own read as `not-in-batch`.
 */
export function createBatchRoutes(decide: DecideBatch): Router {
  const router = Router();
  router.post("/:batchId/decide", async (req, res) => {
    const principal = requestPrincipal(req);
    requirePerson(principal, "decide a batch of approvals");
    const { batchId } = parseInput(BatchParamsSchema, req.params, "batchId");
    const body = parseInput(BatchDecisionBodySchema, req.body);
    res.json(
      await decide({ userId: principal.user.id, deviceId: principal.device.id }, batchId, body),
    );
  });
  return router;
}
