import type { AnswerBody, Inquiry } from "@inquiry-hub/protocol";
import type { ArgumentsValidator } from "./ports";
import { HubError } from "../../kernel/errors";

/**
 * Refuses (BAD_REQUEST) answer values that fit the questions but not the upstream's own
 * `requestedSchema`: its questions keep only the kind of each field, while the upstream's
 * SDK validates the content against the whole schema (`integer`, `minimum`, `format`,
 * `maxLength`…) and would fail the elicitation. Checking here, before the resolution, keeps
 * the inquiry pending so the person can correct the value. Runs after the questionnaire
 * check, on its accepted values; anything but an answer, and other inquiries, pass untouched.
 */
export function checkElicitationAnswer(
  inquiry: Inquiry,
  body: AnswerBody,
  validate: ArgumentsValidator,
): void {
  if (inquiry.elicitation === undefined || body.action !== "answer" || body.values === undefined)
    return;
  const problem = validate(inquiry.elicitation.requestedSchema, body.values);
  if (problem === undefined) return;
  const message = problem.replace(/\barguments(?=\/|\s|$)/g, "values");
  throw new HubError("BAD_REQUEST", message, {
    details: { upstream: inquiry.elicitation.upstream, problem: message },
  });
}
