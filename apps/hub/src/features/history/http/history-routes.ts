import { Router } from "express";
import { HistoryExportQuerySchema, HistoryQuerySchema } from "@inquiry-hub/protocol";
import type { HistoryDetail, HistoryPage } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { HistoryService } from "../history-service";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { sendHistoryExport } from "./history-export";
import { parseInput } from "../../../platform/http/validate";

const InquiryIdSchema = z.uuid();

/**
 * `GET /?q=&credential=&tool=&status=&device=&from=&to=&limit=&before=` → one page of the
 * caller's history (newest first); `GET /export?format=csv|jsonl&<same filters>` → the
 * matching audit records as a download (at most `MAX_HISTORY_EXPORT_ROWS`); `GET /:id` → one
 * inquiry with its audit trail and channel deliveries. Mounted behind person-only bearer
 * authentication (agent credentials get 403); other users' inquiries are 404.
 */
export function createHistoryRoutes(history: HistoryService): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    const query = parseInput(HistoryQuerySchema, req.query, "query");
    const page: HistoryPage = await history.list(requestPrincipal(req).user.id, query);
    res.json(page);
  });

  router.get("/export", async (req, res) => {
    const { format, ...filter } = parseInput(HistoryExportQuerySchema, req.query, "query");
    const records = await history.exportRecords(requestPrincipal(req).user.id, filter);
    await sendHistoryExport(res, format, records);
  });

  router.get("/:id", async (req, res) => {
    const id = parseInput(InquiryIdSchema, req.params.id, "id");
    const detail: HistoryDetail = await history.detail(requestPrincipal(req).user.id, id);
    res.json(detail);
  });

  return router;
}
