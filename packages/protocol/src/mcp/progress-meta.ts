import type { Inquiry } from "../inquiry";
import type { InquiryClosedMeta, InquiryHeartbeatMeta, InquiryOpenedMeta } from "./progress";

/**
 * The opening progress meta of an inquiry (INQUIRY or APPROVAL, after the record's type): the
 * one builder behind the hub's `send_inquiry`, the approval proxy and the web's cards, so
 * every writer puts the same keys in the same order. Empty `options` and absent fields are
 * left out, keeping the wire frame as small as the established one.
 */
export function toOpenedMeta(inquiry: Inquiry): InquiryOpenedMeta {
  return {
    type: inquiry.type,
    inquiryId: inquiry.id,
    question: inquiry.question,
    expiresAt: inquiry.expiresAt,
    ...(inquiry.options.length === 0 ? {} : { options: inquiry.options }),
    ...(inquiry.suggestedAnswer === undefined ? {} : { suggestedAnswer: inquiry.suggestedAnswer }),
    ...(inquiry.suggestedBy === undefined ? {} : { suggestedBy: inquiry.suggestedBy }),
    ...(inquiry.questions === undefined ? {} : { questions: inquiry.questions }),
    ...(inquiry.approval === undefined ? {} : { approval: inquiry.approval }),
  };
}

/**
 * The INQUIRY_CLOSED meta sent before a held call returns, or undefined while the inquiry is
 * still pending (nothing has closed yet).
 */
export function toClosedMeta(inquiry: Inquiry): InquiryClosedMeta | undefined {
  if (inquiry.resolution === null) return undefined;
  return { type: "INQUIRY_CLOSED", inquiryId: inquiry.id, status: inquiry.resolution.status };
}

/** The keep-alive meta sent periodically while an inquiry waits for its answer. */
export function toHeartbeatMeta(inquiry: Pick<Inquiry, "id">): InquiryHeartbeatMeta {
  return { type: "INQUIRY_HEARTBEAT", inquiryId: inquiry.id };
}
