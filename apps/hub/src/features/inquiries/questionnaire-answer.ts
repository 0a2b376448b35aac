import { checkQuestionnaireValues } from "@inquiry-hub/protocol";
import type { AnswerBody, Inquiry } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";

/**
 * Refuses (BAD_REQUEST naming the question) an answer to a questionnaire that does not fit
 * its questions: a missing required answer, a value of the wrong kind, an option that is not
 * offered, an unknown question id, or free text without `values`. Runs on the stored record
 * before the resolution, so a refused answer leaves the inquiry pending and unchanged.
 * Returns the body with only the accepted values (unanswered optional questions dropped).
 * Declines, timeouts and delegations pass untouched, as do inquiries without questions.
 */
export function checkQuestionnaireAnswer(inquiry: Inquiry, body: AnswerBody): AnswerBody {
  if (inquiry.questions === undefined || body.action !== "answer") return body;
  if (body.values === undefined) {
    throw new HubError(
      "BAD_REQUEST",
      "values: this inquiry is a questionnaire; answer with `values` keyed by question id",
    );
  }
  const check = checkQuestionnaireValues(inquiry.questions, body.values);
  if (!check.ok) throw new HubError("BAD_REQUEST", check.message);
  return { ...body, values: check.values };
}
