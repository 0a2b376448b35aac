import { Router } from "express";
import { AnswerBodySchema, InquiryListQuerySchema } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { Principal } from "../../accounts/auth-service";
import { HubError } from "../../../kernel/errors";
import type { InquiryService } from "../inquiry-service";
import { requirePerson } from "../../accounts/person-only";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { parseInput } from "../../../platform/http/validate";

/** Whether the principal may read the inquiry: a person all of theirs, an agent what it asked. */
function mayRead(principal: Principal, inquiry: Inquiry): boolean {
  return principal.kind === "person" || inquiry.askedByCredentialId === principal.device.id;
}

/**
 * The owner's view of inquiries: list, read, answer, extend (`POST /:id/extend`, no body: one
 * configured step more, 409 once resolved or at the waiting call's limit), and withdraw
 * (`POST /:id/withdraw`, no body): the asking agent takes its question back on purpose, the way
 * a 2026-07-28 client can (its cancel carries no reason; see WITHDRAW_REASON). Only the
 * credential that asked may withdraw (anyone else gets 404); the result is the final inquiry,
 * `cancelled`, or the answer that won the race. Another user's inquiry is reported as
 * unknown (404), never as forbidden, so ids do not reveal that they exist; the same holds for
 * an agent credential reading an inquiry it did not open. Only a person answers: an agent
 * credential gets 403, whatever the inquiry. An answer is recorded as given by the device of
 * the presenting credential; a `deviceId` in the body is ignored, because only the credential
 * can say which device is speaking. A body's `via: "push"` (a push notification's action) is
 * recorded as how it came, never as who: the person and device stay the credential's.
 */
export function createInquiryRoutes(inquiries: InquiryService): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    const principal = requestPrincipal(req);
    const query = parseInput(InquiryListQuerySchema, req.query, "query");
    const listed = await inquiries.list(principal.user.id, query.status);
    res.json(listed.filter((inquiry) => mayRead(principal, inquiry)));
  });

  router.get("/:id", async (req, res) => {
    const principal = requestPrincipal(req);
    const inquiry = await inquiries.get(principal.user.id, req.params.id);
    if (!mayRead(principal, inquiry))
      throw new HubError("NOT_FOUND", `inquiry ${req.params.id} not found`);
    res.json(inquiry);
  });

  router.post("/:id/answer", async (req, res) => {
    const { id } = req.params;
    const principal = requestPrincipal(req);
    requirePerson(principal, "answer inquiries or decide approvals");
    await inquiries.get(principal.user.id, id);
    const body = parseInput(AnswerBodySchema, req.body);
    res.json(await inquiries.answer(principal.user.id, id, body, principal.device.id, body.via));
  });

  router.post("/:id/withdraw", async (req, res) => {
    const { id } = req.params;
    const principal = requestPrincipal(req);
    const inquiry = await inquiries.get(principal.user.id, id);
    if (inquiry.askedByCredentialId !== principal.device.id)
      throw new HubError(
        "NOT_FOUND",
        `inquiry ${id} not found among the questions this credential asked`,
      );
    res.json(await inquiries.cancel(id));
  });

  router.post("/:id/extend", async (req, res) => {
    const { id } = req.params;
    const principal = requestPrincipal(req);
    requirePerson(principal, "extend inquiries");
    res.json(await inquiries.extend(principal.user.id, id, principal.device.id));
  });

  return router;
}
