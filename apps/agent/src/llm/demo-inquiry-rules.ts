import { RESULT_OPENINGS } from "@inquiry-hub/protocol";
import type { Question } from "@inquiry-hub/protocol";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";

/** The `send_inquiry` arguments of one demo rule. */
export interface DemoInquiry {
  prompt: string;
  options?: string[];
  suggested_answer?: string;
  questions?: Question[];
}

/** A rule: what in the user's message triggers it, what it asks, what it makes of the result. */
interface InquiryRule {
  trigger: RegExp;
  inquiry: DemoInquiry;
  /** The reply after a real answer; `answer` is the tool result text. */
  answered: (answer: string) => string;
  /** What the demo decides itself when the person declines, times out or delegates. */
  ownChoice: string;
}

/** "plan a trip": several questions at once, as a markdown list the person answers under. */
export const TRIP_PROMPT =
  "To plan your trip I need a few details:\n\n- Where would you like to go?\n- How many days?\n- What is your budget?";

/** "book a table": a questionnaire the card renders as a form. */
export const TABLE_QUESTIONS: Question[] = [
  { id: "party_size", text: "How many people?", kind: "number", required: true },
  {
    id: "time",
    text: "What time?",
    kind: "single_choice",
    options: ["19:00", "20:00", "21:00"],
    required: true,
  },
  { id: "terrace", text: "Sit on the terrace?", kind: "boolean" },
];

const RULES: readonly InquiryRule[] = [
  {
    trigger: /\bplan\s+(?:a|my)\s+trip\b/i,
    inquiry: { prompt: TRIP_PROMPT },
    answered: (answer) => `Here is your trip plan, based on your answers:\n${answer}`,
    ownChoice: "a three-day city trip to Lisbon on a mid-range budget",
  },
  {
    trigger: /\bbook\s+(?:a|us\s+a)\s+table\b/i,
    inquiry: { prompt: "Let's book your table.", questions: TABLE_QUESTIONS },
    answered: (answer) =>
      `Your table is booked. ${answer.split("\n{")[0]?.split("\n").join("; ")}.`,
    ownChoice: "a table for two at 20:00",
  },
  {
    trigger: /\bpick\s+a\s+colou?r\b/i,
    inquiry: {
      prompt: "Which colour should I pick?",
      options: ["red", "green", "blue"],
      suggested_answer: "blue",
    },
    answered: (answer) => `I picked ${answer.trim()}, as you chose.`,
    ownChoice: "blue",
  },
];

/** The demo inquiry a user message asks for ("plan a trip", "book a table", "pick a colour"). */
export function findDemoInquiry(text: string): DemoInquiry | undefined {
  return RULES.find((rule) => rule.trigger.test(text))?.inquiry;
}

/**
 * The reply once a demo inquiry's result came back, or undefined when the inquiry was not
 * one of these rules (the weather question is handled elsewhere). Answers are echoed; a
 * delegation, decline or timeout makes the demo decide itself and say so.
 */
export function replyAfterDemoInquiry(prompt: string, result: string): string | undefined {
  const rule = RULES.find((candidate) => candidate.inquiry.prompt === prompt);
  if (rule === undefined) return undefined;
  if (result.startsWith(TOOL_ERROR_PREFIX))
    return `I could not ask you: ${result.slice(TOOL_ERROR_PREFIX.length)}`;
  if (result.startsWith(RESULT_OPENINGS.delegated))
    return `You left this to me, so I decided myself: ${rule.ownChoice}.`;
  if (result.startsWith(RESULT_OPENINGS.rejected) || result.startsWith(RESULT_OPENINGS.timeout))
    return `I got no answer, so I decided myself and assumed ${rule.ownChoice}.`;
  if (result.startsWith(RESULT_OPENINGS.cancelled))
    return "The question was cancelled, so I stopped there.";
  return rule.answered(result);
}
