import { Router } from "express";
import { AnswerBodySchema, InquiryListQuerySchema } from "@inquiry-hub/protocol";
import type { InquiryService } from "../../core/inquiry-service";
import { requestPrincipal } from "./authenticate";
import { parseInput } from "./validate";

/**
 * The owner's view of inquiries: list, read, answer. Another user's inquiry is reported as
 * unknown (404), never as forbidden, so ids do not reveal that they exist. An answer is
 * recorded as given by the device of the presenting credential; a `deviceId` in the body is
 * ignored, because only the credential can say which device is speaking.
 */
export function createInquiryRoutes(inquiries: InquiryService): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    const query = parseInput(InquiryListQuerySchema, req.query, "query");
    res.json(await inquiries.list(requestPrincipal(req).user.id, query.status));
  });

  router.get("/:id", async (req, res) => {
    res.json(await inquiries.get(requestPrincipal(req).user.id, req.params.id));
  });

  router.post("/:id/answer", async (req, res) => {
    const { id } = req.params;
    const { user, device } = requestPrincipal(req);
    await inquiries.get(user.id, id);
    const body = parseInput(AnswerBodySchema, req.body);
    res.json(await inquiries.answer(user.id, id, body, device.id));
  });

  return router;
}
