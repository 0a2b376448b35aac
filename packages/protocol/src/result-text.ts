import type { Inquiry } from "./inquiry";

/**
 * The fixed openings of `send_inquiry` result texts for outcomes other than an answer.
 * A model reads the whole sentence; a deterministic client may match on the opening.
 */
export const RESULT_OPENINGS = {
  rejected: "The person declined to answer",
  timeout: "No answer came",
  cancelled: "The question was cancelled",
} as const;

function formatWait(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.round(seconds / 60)} minutes`;
}

/**
 * The text of a resolved inquiry's tool result: the answer itself, or a sentence that tells
 * the model what happened and how to go on without asking again.
 */
export function inquiryResultText(inquiry: Inquiry): string {
  const resolution = inquiry.resolution;
  if (resolution === null) throw new Error(`inquiry ${inquiry.id} is still pending`);
  switch (resolution.status) {
    case "answered":
      return resolution.response ?? JSON.stringify(resolution.values ?? {});
    case "rejected": {
      const because = resolution.reason ? ` (their words: "${resolution.reason}")` : "";
      return `${RESULT_OPENINGS.rejected}${because}. Do not ask again; proceed on your best judgement and state the assumption you made.`;
    }
    case "timeout": {
      const waited = Date.parse(resolution.resolvedAt) - Date.parse(inquiry.createdAt);
      return `${RESULT_OPENINGS.timeout} within ${formatWait(waited)}: the question timed out. Do not ask again; proceed on your best judgement and state the assumption you made.`;
    }
    case "cancelled":
      return `${RESULT_OPENINGS.cancelled} before the person answered. Do not ask again.`;
  }
}
