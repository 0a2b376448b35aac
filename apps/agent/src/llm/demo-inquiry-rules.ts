import { RESULT_OPENINGS } from "@inquiry-hub/protocol";
import type { Question } from "@inquiry-hub/protocol";
import type { InquiryTopic } from "./demo-intents";
import type { DemoLanguage } from "./demo-language";
import { TOOL_ERROR_PREFIX } from "../loop/model-provider";

/** The `send_inquiry` arguments of one demo rule. */
export interface DemoInquiry {
  prompt: string;
  options?: string[];
  suggested_answer?: string;
  questions?: Question[];
}

/** What a topic asks in one language and what it makes of the result. */
interface InquiryRule {
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

/** The form's answers without the JSON of values the hub appends after them. */
function answerLines(answer: string, separator: string): string | undefined {
  return answer.split("\n{")[0]?.split("\n").join(separator);
}

const RULES: Readonly<Record<InquiryTopic, Readonly<Record<DemoLanguage, InquiryRule>>>> = {
  trip: {
    en: {
      inquiry: { prompt: TRIP_PROMPT },
      answered: (answer) => `Here is your trip plan, based on your answers:\n${answer}`,
      ownChoice: "a three-day city trip to Lisbon on a mid-range budget",
    },
    zh: {
      inquiry: {
        prompt: "为了规划你的旅行，我需要几个信息：\n\n- 你想去哪里？\n- 玩几天？\n- 预算是多少？",
      },
      answered: (answer) => `这是根据你的回答做的旅行计划：\n${answer}`,
      ownChoice: "去里斯本三天城市游，中等预算",
    },
  },
  table: {
    en: {
      inquiry: { prompt: "Let's book your table.", questions: TABLE_QUESTIONS },
      answered: (answer) => `Your table is booked. ${answerLines(answer, "; ")}.`,
      ownChoice: "a table for two at 20:00",
    },
    zh: {
      inquiry: {
        prompt: "我们来订位吧。",
        questions: [
          { id: "party_size", text: "几位？", kind: "number", required: true },
          {
            id: "time",
            text: "几点？",
            kind: "single_choice",
            options: ["19:00", "20:00", "21:00"],
            required: true,
          },
          { id: "terrace", text: "坐露台吗？", kind: "boolean" },
        ],
      },
      answered: (answer) => `已为你订好位。${answerLines(answer, "；")}。`,
      ownChoice: "20:00 的两人桌",
    },
  },
  colour: {
    en: {
      inquiry: {
        prompt: "Which colour should I pick?",
        options: ["red", "green", "blue"],
        suggested_answer: "blue",
      },
      answered: (answer) => `I picked ${answer.trim()}, as you chose.`,
      ownChoice: "blue",
    },
    zh: {
      inquiry: {
        prompt: "我该选哪个颜色？",
        options: ["红色", "绿色", "蓝色"],
        suggested_answer: "蓝色",
      },
      answered: (answer) => `我按你的选择选了${answer.trim()}。`,
      ownChoice: "蓝色",
    },
  },
};

/** The replies every topic shares, per language. */
const OUTCOMES = {
  en: {
    failed: (reason: string) => `I could not ask you: ${reason}`,
    delegated: (choice: string) => `You left this to me, so I decided myself: ${choice}.`,
    unanswered: (choice: string) => `I got no answer, so I decided myself and assumed ${choice}.`,
    cancelled: "The question was cancelled, so I stopped there.",
  },
  zh: {
    failed: (reason: string) => `我没能问你：${reason}`,
    delegated: (choice: string) => `你让我自己决定，所以我决定了：${choice}。`,
    unanswered: (choice: string) => `没有收到回答，所以我自己做了决定：${choice}。`,
    cancelled: "问题被取消了，所以我就到此为止。",
  },
} as const;

/** What "plan a trip", "book a table" or "pick a colour" asks, in the person's language. */
export function demoInquiry(topic: InquiryTopic, language: DemoLanguage): DemoInquiry {
  return RULES[topic][language].inquiry;
}

/**
 * The reply once a demo inquiry's result came back, in the language the question was asked
 * in, or undefined when the inquiry was not one of these rules (the weather question is
 * handled elsewhere). Answers are echoed; a delegation, decline or timeout makes the demo
 * decide itself and say so.
 */
export function replyAfterDemoInquiry(prompt: string, result: string): string | undefined {
  const match = Object.values(RULES)
    .flatMap((byLanguage) =>
      (["en", "zh"] as const).map((language) => ({ language, rule: byLanguage[language] })),
    )
    .find(({ rule }) => rule.inquiry.prompt === prompt);
  if (match === undefined) return undefined;
  const { rule } = match;
  const outcomes = OUTCOMES[match.language];
  if (result.startsWith(TOOL_ERROR_PREFIX))
    return outcomes.failed(result.slice(TOOL_ERROR_PREFIX.length));
  if (result.startsWith(RESULT_OPENINGS.delegated)) return outcomes.delegated(rule.ownChoice);
  if (result.startsWith(RESULT_OPENINGS.rejected) || result.startsWith(RESULT_OPENINGS.timeout))
    return outcomes.unanswered(rule.ownChoice);
  if (result.startsWith(RESULT_OPENINGS.cancelled)) return outcomes.cancelled;
  return rule.answered(result);
}
