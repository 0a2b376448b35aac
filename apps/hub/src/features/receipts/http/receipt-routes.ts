import { Router } from "express";
import type { InquiryReceipts } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { ReceiptService } from "../receipt-service";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { parseInput } from "../../../platform/http/validate";

const InquiryIdSchema = z.uuid();

/**
 * `GET /api/inquiries/:id/receipts` → `{inquiryId, receipts}`: where the question was
 * delivered and who saw it, for a card opened after the live `inquiry:receipts` events went
 * by. Mounted behind person-only authentication; inquiries the caller may not see are 404.
 */
export function createReceiptRoutes(receipts: ReceiptService): Router {
  const router = Router();
  router.get("/:id/receipts", async (req, res) => {
    const inquiryId = parseInput(InquiryIdSchema, req.params.id, "id");
    const body: InquiryReceipts = {
      inquiryId,
      receipts: await receipts.forInquiry(requestPrincipal(req).user.id, inquiryId),
    };
    res.json(body);
  });
  return router;
}
