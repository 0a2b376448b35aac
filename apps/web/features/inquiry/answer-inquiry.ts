import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import type { AnswerBody } from "@inquiry-hub/protocol";
import type { Translate } from "@/lib/i18n/translate";

/** What the web app's answer endpoint said, reduced to what a card needs to decide. */
export type AnswerOutcome =
  | { kind: "resolved" }
  | { kind: "already_resolved"; message: string }
  | { kind: "gone"; message: string };

/** A failed answer the card should show while staying open (the person may retry). */
export class AnswerError extends Error {
  override readonly name = "AnswerError";
}

async function errorMessage(response: Response, t: Translate): Promise<string> {
  const body = ApiErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  return body.success
    ? body.data.error.message
    : t("common.requestFailed", { status: response.status });
}

/**
 * Posts an answer to `/api/inquiries/:id/answer`. 200 → resolved; 409 → someone (another
 * device, the timeout) resolved it first; 404 → the inquiry no longer exists. Anything else
 * throws an AnswerError with the server's message.
 */
export async function answerInquiry(
  inquiryId: string,
  body: AnswerBody,
  t: Translate,
): Promise<AnswerOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api/inquiries/${encodeURIComponent(inquiryId)}/answer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AnswerError(t("common.unreachable"));
  }
  if (response.ok) return { kind: "resolved" };
  if (response.status === 409)
    return { kind: "already_resolved", message: await errorMessage(response, t) };
  if (response.status === 404) return { kind: "gone", message: await errorMessage(response, t) };
  throw new AnswerError(await errorMessage(response, t));
}
