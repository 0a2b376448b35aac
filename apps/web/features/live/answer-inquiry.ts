import { InquirySchema } from "@inquiry-hub/protocol";
import type { AnswerBody } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";
import { ApiClientError } from "@/lib/client/api-client-error";

/** What the web app's answer endpoint said, reduced to what a card needs to decide. */
export type AnswerOutcome =
  | { kind: "resolved" }
  | { kind: "already_resolved"; message: string }
  | { kind: "gone"; message: string };

/**
 * Posts an answer to `/api/inquiries/:id/answer`. 200 → resolved; 409 → someone (another
 * device, the timeout) resolved it first; 404 → the inquiry no longer exists. Anything else
 * throws the ApiClientError, which the card words with `describeApiError` and stays open so
 * the person may retry; no text is chosen here, so the data layer needs no language.
 */
export async function answerInquiry(inquiryId: string, body: AnswerBody): Promise<AnswerOutcome> {
  try {
    await requestJson(`/api/inquiries/${encodeURIComponent(inquiryId)}/answer`, InquirySchema, {
      method: "POST",
      body,
    });
    return { kind: "resolved" };
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 409)
      return { kind: "already_resolved", message: error.message };
    if (error instanceof ApiClientError && error.status === 404)
      return { kind: "gone", message: error.message };
    throw error;
  }
}
