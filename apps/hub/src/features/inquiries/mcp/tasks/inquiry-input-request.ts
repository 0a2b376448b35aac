import { AnswerBodySchema, questionsToRequestedSchema } from "@inquiry-hub/protocol";
import type { AnswerBody, Inquiry, RequestedSchema } from "@inquiry-hub/protocol";
import { ElicitResultV2Schema } from "@modelcontextprotocol/ext-tasks/core/v2";
import type { InputRequestsV2 } from "@modelcontextprotocol/ext-tasks/core/v2";
import { SELF_APPROVAL_REFUSED } from "../../inquiry-tasks";
import type { InquiryTasks, TaskCaller } from "../../inquiry-tasks";
import { HubError } from "../../../../kernel/errors";

/**
 * The one `inputRequests` key of an inquiry task. A task asks exactly one question over its
 * lifetime, so the key is never reused for another request, as the Tasks spec demands.
 */
export const INQUIRY_INPUT_KEY = "answer";

/** The form field of a plain (non-questionnaire) question. */
const ANSWER_FIELD = "answer";

/**
 * A plain question as a one-field form. Options stay suggestions, as on the devices (the
 * person may still type anything), so they go in the field's description, not an `enum`.
 */
function plainQuestionSchema(inquiry: Inquiry): RequestedSchema {
  const suggestions =
    inquiry.options.length === 0
      ? {}
      : { description: `Suggested: ${inquiry.options.join(" / ")}` };
  return {
    type: "object",
    properties: { [ANSWER_FIELD]: { type: "string", title: "Answer", ...suggestions } },
    required: [ANSWER_FIELD],
  };
}

/**
 * A pending inquiry as the task's `inputRequests`: one form-mode `elicitation/create` whose
 * message is the question and whose schema is the questionnaire (or a single answer field).
 */
export function inquiryInputRequests(inquiry: Inquiry): InputRequestsV2 {
  const requestedSchema =
    inquiry.questions === undefined
      ? plainQuestionSchema(inquiry)
      : questionsToRequestedSchema(inquiry.questions);
  return {
    [INQUIRY_INPUT_KEY]: {
      method: "elicitation/create",
      params: { mode: "form", message: inquiry.question, requestedSchema },
    },
  };
}

/** The device answer schema's verdict (lengths included) on an answer built here. */
function checkedAnswer(body: AnswerBody): AnswerBody {
  const parsed = AnswerBodySchema.safeParse(body);
  if (!parsed.success)
    throw new HubError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "invalid answer");
  return parsed.data;
}

/**
 * The client's elicitation result as the answer a device would send, or `undefined` when the
 * client dismissed the question. Only `accept` answers (the form values of a questionnaire,
 * the text of a plain question). `decline` and `cancel` are NOT the person declining: an MCP
 * host answers them by itself (the official ext-tasks client sends `cancel` for every input
 * request when its host has no input handler, which is its default; a closed dialog, an
 * error or a host timeout ends the same way), so the question stays pending on every device
 * and the task stays `input_required` until someone answers it. A malformed response is
 * BAD_REQUEST and leaves the inquiry pending as well.
 */
export function answerFromInputResponse(
  inquiry: Inquiry,
  response: unknown,
): AnswerBody | undefined {
  const parsed = ElicitResultV2Schema.safeParse(response);
  if (!parsed.success)
    throw new HubError(
      "BAD_REQUEST",
      `inputResponses.${INQUIRY_INPUT_KEY} is not an elicitation result`,
    );
  const { action, content } = parsed.data;
  if (action !== "accept") return undefined;
  if (content === undefined)
    throw new HubError("BAD_REQUEST", "an accepted answer needs `content`");
  if (inquiry.questions !== undefined) return checkedAnswer({ action: "answer", values: content });
  const text = content[ANSWER_FIELD];
  if (typeof text !== "string")
    throw new HubError("BAD_REQUEST", `an answer needs the string field \`${ANSWER_FIELD}\``);
  return checkedAnswer({ action: "answer", response: text });
}

/**
 * Applies the client's response to a task's input request, on either protocol generation:
 * an accepted answer is one more contestant in first-answer-wins (see InquiryTasks.answer),
 * a dismissal changes nothing. An APPROVAL is refused whatever the response, a dismissal
 * included, so the client that asked for it never gets to act on it (FORBIDDEN).
 */
export async function applyInputResponse(
  tasks: InquiryTasks,
  caller: TaskCaller,
  inquiry: Inquiry,
  response: unknown,
): Promise<void> {
  if (inquiry.type === "APPROVAL") throw new HubError("FORBIDDEN", SELF_APPROVAL_REFUSED);
  const answer = answerFromInputResponse(inquiry, response);
  if (answer !== undefined) await tasks.answer(caller, inquiry.id, answer);
}
