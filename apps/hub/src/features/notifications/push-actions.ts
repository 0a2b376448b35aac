import { MAX_PUSH_ACTIONS } from "@inquiry-hub/protocol";
import type { Inquiry, PushAction } from "@inquiry-hub/protocol";
import { pushTextFor } from "./push-text";

/** Options longer than this open the card instead: a notification button has little room. */
const MAX_OPTION_ACTION_LENGTH = 100;

/** "Answer": the only button of a notification that cannot be answered from where it is. */
const openOnly = (): PushAction[] => [{ type: "open" }];

/**
 * The buttons a pushed question's notification offers, decided once here so the service
 * worker only renders them. A notification whose body is cut (`pushTextFor`: an approval's
 * summary or a question's text did not fit) only opens the card: nobody decides from a partial
 * view. Otherwise:
 * - an approval that needs a fresh look (`freshLook`, a high-risk call): "Answer" only, so it
 *   is decided on its card, where the whole call shows, never by a tap on a lock screen.
 * - an approval: Approve / Reject, only those its policy allows (`allowedDecisions`); an edit
 *   always opens the app, so it is never a button. None allowed → "Answer" opens the card.
 * - a questionnaire or a relayed elicitation: "Answer" opens the card.
 * - a question with options: its first options (at most two, Chrome's `maxActions`).
 * - otherwise (free text): "Answer" opens the card.
 */
export function pushActionsFor(inquiry: Inquiry): PushAction[] {
  if (!pushTextFor(inquiry).whole) return openOnly();
  if (inquiry.approval?.freshLook === true) return openOnly();
  if (inquiry.approval !== undefined) {
    const allowed = new Set(inquiry.approval.allowedDecisions);
    const decisions: PushAction[] = [];
    if (allowed.has("approve")) decisions.push({ type: "approve" });
    if (allowed.has("reject")) decisions.push({ type: "reject" });
    return decisions.length > 0 ? decisions : openOnly();
  }
  if (inquiry.questions !== undefined || inquiry.elicitation !== undefined) return openOnly();
  const options = inquiry.options
    .filter((option) => option.length > 0 && option.length <= MAX_OPTION_ACTION_LENGTH)
    .slice(0, MAX_PUSH_ACTIONS);
  if (options.length === 0) return openOnly();
  return options.map((value) => ({ type: "option", value }));
}
