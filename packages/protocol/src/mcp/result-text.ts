import type { Inquiry } from "../inquiry";
import { questionnaireAnswerText } from "../inquiry";

/**
 * The fixed openings of `send_inquiry` result texts for outcomes other than an answer.
 * A model reads the whole sentence; a deterministic client may match on the opening.
 */
export const RESULT_OPENINGS = {
  rejected: "The person declined to answer",
  timeout: "No answer came",
  cancelled: "The question was cancelled",
  delegated: "The person delegated this decision to you",
} as const;

/** What every non-answer tells the model to do next, so it never loops on a question. */
const GO_ON = "Do not ask again; proceed on your best judgement and state the assumption you made.";

function formatWait(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.round(seconds / 60)} minutes`;
}

/** The answer itself: the free text, or a questionnaire's "question: answer" lines. */
function answerText(inquiry: Inquiry): string {
  const resolution = inquiry.resolution;
  if (resolution?.values !== undefined && inquiry.questions !== undefined)
    return questionnaireAnswerText(inquiry.questions, resolution.values);
  return resolution?.response ?? JSON.stringify(resolution?.values ?? {});
}

/**
 * The text of a resolved inquiry's tool result: the answer itself, or a sentence that tells
 * the model what happened and how to go on without asking again.
 *
 * @example "The person declined to answer. Do not ask again; proceed on your best judgement …"
 */
export function inquiryResultText(inquiry: Inquiry): string {
  const resolution = inquiry.resolution;
  if (resolution === null) throw new Error(`inquiry ${inquiry.id} is still pending`);
  switch (resolution.status) {
    case "answered":
      return resolution.delegated === true
        ? `${RESULT_OPENINGS.delegated}: decide on your best judgement and state what you decided.`
        : answerText(inquiry);
    case "rejected": {
      const because = resolution.reason ? ` (their words: "${resolution.reason}")` : "";
      return `${RESULT_OPENINGS.rejected}${because}. ${GO_ON}`;
    }
    case "timeout": {
      const waited = Date.parse(resolution.resolvedAt) - Date.parse(inquiry.createdAt);
      return `${RESULT_OPENINGS.timeout} within ${formatWait(waited)}: the question timed out. ${GO_ON}`;
    }
    case "cancelled":
      return `${RESULT_OPENINGS.cancelled} before the person answered (the request was stopped). Do not ask again; if you still continue, state the assumption you made.`;
  }
}
