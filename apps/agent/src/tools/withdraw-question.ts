import type { Logger } from "@inquiry-hub/logging";
import { InquiryStatusSchema, readProgressMeta } from "@inquiry-hub/protocol";
import { z } from "zod";

/** How long one withdrawal may take: the call is ending and must not wait on a slow hub. */
export const WITHDRAW_TIMEOUT_MS = 3_000;

/** Where a call's questions live and the credential that asked them. */
export interface QuestionOwner {
  /** Origin of the hub, e.g. `http://127.0.0.1:4000`. */
  hubOrigin: string;
  /** The call's own headers (its `Authorization`): only the asking credential may withdraw. */
  headers: Readonly<Record<string, string>>;
}

/** The questions one tool call opened and has not yet seen closed. */
export interface CallQuestions {
  /** The call's `onprogress`: notes each question it announces, forgets each that closes. */
  observe(progressParams: unknown): void;
  /** Withdraws every question still open, in parallel; never throws. */
  withdraw(): Promise<void>;
}

const FinalInquirySchema = z.object({ status: InquiryStatusSchema });

/**
 * Takes one question back on the hub (`POST /api/inquiries/:id/withdraw`). Why not only the
 * MCP cancel: a 2026-07-28 client cancels by closing the request's stream, which carries no
 * reason, so the hub keeps the question open (a detach); only this call says "on purpose".
 * Best effort and bounded by `timeoutMs`; a refusal or failure is logged, never thrown.
 */
export async function withdrawQuestion(
  owner: QuestionOwner,
  inquiryId: string,
  logger: Logger,
  timeoutMs = WITHDRAW_TIMEOUT_MS,
): Promise<void> {
  const url = new URL(`/api/inquiries/${encodeURIComponent(inquiryId)}/withdraw`, owner.hubOrigin);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: owner.headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      logger.warn({ inquiryId, status: response.status }, "hub refused to withdraw the question");
      return;
    }
    const final = FinalInquirySchema.safeParse(await response.json());
    logger.info(
      { inquiryId, status: final.success ? final.data.status : "unreadable" },
      "question withdrawn",
    );
  } catch (error) {
    logger.warn({ err: error, inquiryId }, "withdrawing the question failed");
  }
}

/**
 * Follows the questions a call announces in its progress (INQUIRY/APPROVAL open one, a
 * heartbeat names one still open, INQUIRY_CLOSED ends one), so that a deliberate end of the
 * call withdraws exactly those and nobody else's.
 */
export function trackCallQuestions(
  owner: QuestionOwner,
  logger: Logger,
  timeoutMs = WITHDRAW_TIMEOUT_MS,
): CallQuestions {
  const open = new Set<string>();
  return {
    observe(progressParams) {
      const meta = readProgressMeta(progressParams);
      if (meta === undefined) return;
      if (meta.type === "INQUIRY_CLOSED") open.delete(meta.inquiryId);
      else open.add(meta.inquiryId);
    },
    async withdraw() {
      const ids = [...open];
      open.clear();
      await Promise.all(ids.map((id) => withdrawQuestion(owner, id, logger, timeoutMs)));
    },
  };
}
