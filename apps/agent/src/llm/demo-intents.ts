import { findCity } from "./demo-city";
import { findFileIntent } from "./demo-file-intents";
import type { FileIntent } from "./demo-file-intents";

/** The questionnaires the demo can put to a person (see demo-inquiry-rules.ts). */
export type InquiryTopic = "trip" | "table" | "colour";

/**
 * What a person's message asks the demo agent for. The demo tools can write files and run
 * SQL on a notes table but not read, list or delete files; those requests are recognised
 * anyway so the reply can say so instead of the help text.
 */
export type DemoIntent =
  | FileIntent
  | { kind: "delete_old_rows" }
  | { kind: "show_notes" }
  | { kind: "inquiry"; topic: InquiryTopic }
  | { kind: "weather"; city: string | undefined };

interface IntentRule {
  /** English and Chinese ways of asking; any one matching is enough. */
  patterns: readonly RegExp[];
  intent: (text: string) => DemoIntent;
}

/** First match wins: a file request may mention rain, a SQL delete must not read as a file. */
const RULES: readonly IntentRule[] = [
  {
    patterns: [
      /\b(?:delete|remove|clear|clean\s+up|purge|drop)\s+(?:all\s+)?(?:the\s+|my\s+)?old(?:er)?\s+(?:rows|notes|entries|records)\b/i,
      /(?:删除|删掉|清理|清除|移除)\s*(?:一下)?\s*(?:所有|全部)?\s*的?\s*(?:旧|老|过期)\s*的?\s*(?:行|记录|笔记|数据|条目)/u,
      /把\s*(?:所有|全部)?\s*(?:旧|老|过期)的?\s*(?:行|记录|笔记|数据)\s*都?\s*(?:删除|删掉|删了|清理掉|清除)/u,
    ],
    intent: () => ({ kind: "delete_old_rows" }),
  },
  {
    patterns: [
      /\b(?:show|list|read|display|get)\s+(?:me\s+)?(?:all\s+)?(?:the\s+|my\s+)?(?:notes|rows)\b|\bwhat\s+notes\b/i,
      /(?:查看|显示|列出|看看|看一下|查一下|查询|读取)\s*(?:一下)?\s*(?:所有|全部)?\s*的?\s*(?:笔记|记录|备忘)|有哪些(?:笔记|记录)/u,
    ],
    intent: () => ({ kind: "show_notes" }),
  },
  {
    patterns: [
      /\bplan\s+(?:a|my|our|the)\s+(?:trip|holiday|vacation|journey)\b|\btrip\s+plan/i,
      /(?:计划|规划|安排|策划)\s*(?:一次|一下|一个|我的)?\s*(?:旅行|旅游|行程|出游)|(?:旅行|旅游)计划/u,
    ],
    intent: () => ({ kind: "inquiry", topic: "trip" }),
  },
  {
    patterns: [
      /\b(?:book|reserve)\s+(?:a|us\s+a|me\s+a)\s+table\b|\btable\s+reservation\b/i,
      /订\s*(?:一张|一个|个)?\s*(?:桌|位|座)|预订\s*(?:餐厅|座位|桌子)|订餐厅/u,
    ],
    intent: () => ({ kind: "inquiry", topic: "table" }),
  },
  {
    patterns: [
      /\b(?:pick|choose|select)\s+a\s+colou?r\b/i,
      /(?:选|挑)\s*(?:一个|一种|个)?\s*颜色/u,
    ],
    intent: () => ({ kind: "inquiry", topic: "colour" }),
  },
  {
    patterns: [/\b(?:weather|forecast|rain|snow|temperature)/i, /天气|气温|温度|下雨|下雪|预报/u],
    intent: (text) => ({ kind: "weather", city: findCity(text) }),
  },
];

/**
 * The demo agent's reading of a message, or undefined when it asks for nothing the demo
 * knows (the reply is then the help text). File requests come first, so "write 'rain
 * tomorrow' to notes.txt" is a write, then the rules above in order.
 *
 * @example recognizeIntent("明天天气怎么样") // { kind: "weather", city: undefined }
 */
export function recognizeIntent(message: string): DemoIntent | undefined {
  const file = findFileIntent(message);
  if (file !== undefined) return file;
  const rule = RULES.find(({ patterns }) => patterns.some((candidate) => candidate.test(message)));
  return rule?.intent(message);
}
