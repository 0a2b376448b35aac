import { randomUUID } from "node:crypto";
import type { Inquiry } from "@inquiry-hub/protocol";
import { openInquiry } from "./inquiry-machine";
import type { NewInquiry } from "./inquiry-machine";
import type { TraceCarrier } from "./inquiry-tracing";

/**
 * What an agent asks; the service adds identity, owner and deadlines. The fields it shares
 * with the record are documented on `NewInquiry`.
 */
export interface CreateInquiryInput
  extends
    Partial<Pick<NewInquiry, "type">>,
    Pick<
      NewInquiry,
      | "question"
      | "suggestedAnswer"
      | "suggestedBy"
      | "approval"
      | "questions"
      | "sharedApproval"
      | "elicitation"
      | "askedByCredentialId"
    > {
  /** A caller-chosen id: an idempotent call reserves it under its key before creating. Random when absent. */
  id?: string | undefined;
  options?: string[];
  /** Client auto-reply deadline from now; the service default when absent. */
  timeoutMs?: number;
  /**
   * False: store the inquiry without telling any device and without a backstop, because
   * the caller resolves it at once itself (YOLO). Default true.
   */
  announce?: boolean;
  /** The asking call's trace context, stored with the inquiry so later spans join its trace. */
  traceContext?: TraceCarrier | undefined;
}

/** The pending record `input` opens for `userId` at `createdAt`: a random id unless it names one. */
export function openInquiryFor(
  userId: string,
  input: CreateInquiryInput,
  createdAt: Date,
  defaultTimeoutMs: number,
): Inquiry {
  return openInquiry({
    id: input.id ?? randomUUID(),
    userId,
    type: input.type ?? "INQUIRY",
    question: input.question,
    options: input.options ?? [],
    suggestedAnswer: input.suggestedAnswer,
    suggestedBy: input.suggestedBy,
    approval: input.approval,
    questions: input.questions,
    sharedApproval: input.sharedApproval,
    elicitation: input.elicitation,
    askedByCredentialId: input.askedByCredentialId,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + (input.timeoutMs ?? defaultTimeoutMs)),
  });
}
