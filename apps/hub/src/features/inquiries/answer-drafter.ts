import type { CreateInquiryInput } from "./inquiry-service";
import type { AnswerDrafter } from "./ports";

/**
 * The instructions of the drafting model: answer as the person would, in their voice, in a
 * line or two, without asking anything back (a question in the answer box helps nobody).
 */
export const ANSWER_DRAFTING_PROMPT = [
  "You draft a reply on behalf of a person. An AI agent working for them asked them the",
  "question below. Write the answer the person would most likely give, in their voice (first",
  "person), as short as possible: one line, at most two sentences. When ready-made options are",
  "listed, answer with exactly one of them. Never ask a question back, never explain or hedge,",
  "never mention that you are an assistant: output only the answer itself.",
].join(" ");

/** The user message of a draft request: the question, then its options when it has any. */
export function draftingRequest(question: string, options: readonly string[]): string {
  if (options.length === 0) return `Question:\n${question}`;
  return `Question:\n${question}\n\nOptions:\n${options.map((option) => `- ${option}`).join("\n")}`;
}

/**
 * The inquiry to create, with a drafted `suggestedAnswer` (marked `assistant`) when drafting
 * is on and the agent gave none. Questionnaires get no draft: their card is a form, and a
 * free-text suggestion would not fit it.
 */
export async function withDraftedSuggestion(
  drafter: AnswerDrafter | undefined,
  input: CreateInquiryInput,
): Promise<CreateInquiryInput> {
  if (drafter === undefined || input.suggestedAnswer !== undefined || input.questions !== undefined)
    return input;
  const drafted = await drafter.draft(input.question, input.options ?? []);
  return drafted === undefined
    ? input
    : { ...input, suggestedAnswer: drafted, suggestedBy: "assistant" };
}
