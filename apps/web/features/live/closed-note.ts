import type { AnswerBody, FinalInquiryStatus } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import type { AnswerOutcome } from "./answer-inquiry";

/**
 * The short line that replaces a card once the hub reports how the inquiry ended. A
 * Message, not text: it is put into words when shown, in the language shown then.
 */
export function noteForStatus(status: FinalInquiryStatus): Message {
  switch (status) {
    case "answered":
      return { key: "note.answered" };
    case "rejected":
      return { key: "note.declined" };
    case "timeout":
      return { key: "note.timedOut" };
    case "cancelled":
      return { key: "note.cancelled" };
  }
}

/**
 * The note after this device's own answer request came back. A `timeout` that lost the race
 * (another device's countdown reached zero first) closes quietly as "Timed out".
 */
export function noteForOutcome(outcome: AnswerOutcome, body: AnswerBody): Message {
  switch (outcome.kind) {
    case "already_resolved":
      return { key: body.action === "timeout" ? "note.timedOut" : "note.elsewhere" };
    case "gone":
      return STALE_NOTE;
    case "resolved":
      break;
  }
  switch (body.action) {
    case "answer":
      return body.response === undefined
        ? { key: "note.answered" }
        : { key: "note.answeredWith", params: { response: body.response } };
    case "reject":
      return { key: "note.declined" };
    case "timeout":
      return { key: "note.timedOut" };
    case "delegate":
      return { key: "note.delegated" };
    case "approve":
      return { key: "note.approved" };
    case "edit":
      return { key: "note.approvedEdited" };
  }
}

/** The note for a card whose stream ended or broke while it was still open. */
export const STALE_NOTE: Message = { key: "note.stale" };
