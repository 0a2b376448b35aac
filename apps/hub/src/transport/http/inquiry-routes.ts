import { Router } from "express";
import { AnswerBodySchema, InquiryListQuerySchema } from "@inquiry-hub/protocol";
import type { InquiryService } from "../../core/inquiry-service";
import { requestUser } from "./authenticate";
import { parseInput } from "./validate";

/** Recorded as `byDeviceId` when an HTTP answer names no device. */
export const HTTP_CHANNEL_DEVICE_ID = "http-api";

/**
 * The owner's view of inquiries: list, read, answer. Another user's inquiry is reported as
 * unknown (404), never as forbidden, so ids do not reveal that they exist.
 */
export function createInquiryRoutes(inquiries: InquiryService): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    const query = parseInput(InquiryListQuerySchema, req.query, "query");
    res.json(await inquiries.list(requestUser(req).id, query.status));
  });

  router.get("/:id", async (req, res) => {
    res.json(await inquiries.get(requestUser(req).id, req.params.id));
  });

  router.post("/:id/answer", async (req, res) => {
    const { id } = req.params;
    const user = requestUser(req);
    await inquiries.get(user.id, id);
    const body = parseInput(AnswerBodySchema, req.body);
    res.json(await inquiries.answer(user.id, id, body, HTTP_CHANNEL_DEVICE_ID));
  });

  return router;
}
