import type { AnswerBody, FinalInquiryStatus } from "@inquiry-hub/protocol";
import type { AnswerOutcome } from "./answer-inquiry";

/** The short line that replaces a card once the hub reports how the inquiry ended. */
export function noteForStatus(status: FinalInquiryStatus): string {
  switch (status) {
    case "answered":
      return "Answered";
    case "rejected":
      return "Declined";
    case "timeout":
      return "Timed out";
    case "cancelled":
      return "Cancelled";
  }
}

/**
 * The note after this device's own answer request came back. A `timeout` that lost the race
 * (another device's countdown reached zero first) closes quietly as "Timed out".
 */
export function noteForOutcome(outcome: AnswerOutcome, body: AnswerBody): string {
  switch (outcome.kind) {
    case "already_resolved":
      return body.action === "timeout" ? "Timed out" : "Already resolved on another device";
    case "gone":
      return "No longer open";
    case "resolved":
      break;
  }
  switch (body.action) {
    case "answer":
      return body.response === undefined ? "Answered" : `Answered: ${body.response}`;
    case "reject":
      return "Declined";
    case "timeout":
      return "Timed out";
    case "delegate":
      return "Left to the assistant";
    case "approve":
      return "Approved";
    case "edit":
      return "Approved with changes";
  }
}

/** The note for a card whose stream ended or broke while it was still open. */
export const STALE_NOTE = "No longer open";
