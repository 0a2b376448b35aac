import { Router } from "express";
import { HistoryQuerySchema } from "@inquiry-hub/protocol";
import type { HistoryDetail, HistoryPage } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { HistoryService } from "../../core/history/history-service";
import { requestPrincipal } from "./authenticate";
import { parseInput } from "./validate";

const InquiryIdSchema = z.uuid();

/**
 * `GET /?status=&limit=&before=` → one page of the caller's history (newest first);
 * `GET /:id` → one inquiry with its audit trail and channel deliveries. Mounted behind
 * bearer authentication; other users' inquiries are 404, like everywhere else.
 */
export function createHistoryRoutes(history: HistoryService): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    const query = parseInput(HistoryQuerySchema, req.query, "query");
    const page: HistoryPage = await history.list(requestPrincipal(req).user.id, query);
    res.json(page);
  });

  router.get("/:id", async (req, res) => {
    const id = parseInput(InquiryIdSchema, req.params.id, "id");
    const detail: HistoryDetail = await history.detail(requestPrincipal(req).user.id, id);
    res.json(detail);
  });

  return router;
}
