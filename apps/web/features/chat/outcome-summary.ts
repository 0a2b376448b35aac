import type { HistoryItem, InquiryOpenedMeta, Question } from "@inquiry-hub/protocol";
import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** One questionnaire answer as the transcript lists it. */
export interface AnsweredQuestion {
  question: string;
  answer: string;
}

/** How a closed inquiry ended, put into words for the chat transcript. */
export interface OutcomeSummary {
  /** The headline, e.g. `You answered “Lisbon” on Pixel 7 · 14:02`. */
  line: string;
  /** A questionnaire's answers in the order it asked them; empty for any other answer. */
  answers: AnsweredQuestion[];
  /** An approval's arguments as the tool received them (the edited ones after an edit). */
  ranArguments?: Record<string, unknown>;
}

/**
 * The local wall-clock time of an ISO timestamp as `HH:MM`, the way a transcript dates a
 * reply: the day is the conversation's, so only the time is worth the space.
 *
 * @example localClockTime("2026-01-05T14:02:09.000Z") // "15:02" in Paris
 */
export function localClockTime(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function formatValue(value: unknown, t: Translate): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return t(value ? "outcome.yes" : "outcome.no");
  if (Array.isArray(value)) return value.map((entry) => formatValue(entry, t)).join(", ");
  return JSON.stringify(value);
}

/**
 * The answers of a questionnaire, labelled with the questions' own text. Values the
 * questions do not name (an answer sent by another client) keep their id as the label, so
 * nothing the agent received is hidden.
 */
function answersOf(
  values: Record<string, unknown>,
  questions: readonly Question[],
  t: Translate,
): AnsweredQuestion[] {
  const asked = questions.filter((question) => values[question.id] !== undefined);
  const known = new Set(asked.map((question) => question.id));
  return [
    ...asked.map((question) => ({
      question: question.text,
      answer: formatValue(values[question.id], t),
    })),
    ...Object.entries(values)
      .filter(([id, value]) => !known.has(id) && value !== undefined)
      .map(([id, value]) => ({ question: id, answer: formatValue(value, t) })),
  ];
}

type Headline = { key: MessageKey; params?: Record<string, string> };

/**
 * The headline of an answered question. The hub records a person's answer with a `response`
 * or `values` (the answer schema demands one) and a device, so an answer with neither was
 * handed to the assistant: by a person on a device, or, without one, by YOLO mode.
 */
function questionHeadline(item: HistoryItem, device: string): Headline {
  if (item.response !== undefined)
    return { key: "outcome.answered", params: { answer: item.response, device } };
  if (item.values !== undefined) return { key: "outcome.answeredForm", params: { device } };
  return item.byDeviceId === null
    ? { key: "outcome.yolo" }
    : { key: "outcome.delegated", params: { device } };
}

/**
 * The headline of a decided approval. The hub records approve and edit as `answered` with
 * `response` naming the decision; one without a device was approved by YOLO mode.
 */
function approvalHeadline(item: HistoryItem, tool: string, device: string): Headline {
  switch (item.status) {
    case "answered":
      if (item.byDeviceId === null) return { key: "outcome.approvedYolo", params: { tool } };
      return {
        key: item.response === "edit" ? "outcome.approvedEdited" : "outcome.approved",
        params: { tool, device },
      };
    case "rejected":
      return item.reason === undefined || item.reason === ""
        ? { key: "outcome.rejected", params: { tool, device } }
        : { key: "outcome.rejectedWithReason", params: { tool, device, reason: item.reason } };
    case "timeout":
      return { key: "outcome.approvalTimedOut", params: { tool } };
    case "cancelled":
    case "pending":
      return { key: "outcome.approvalCancelled", params: { tool } };
  }
}

function inquiryHeadline(item: HistoryItem, device: string): Headline {
  switch (item.status) {
    case "answered":
      return questionHeadline(item, device);
    case "rejected":
      return item.reason === undefined || item.reason === ""
        ? { key: "outcome.declined", params: { device } }
        : { key: "outcome.declinedWithReason", params: { device, reason: item.reason } };
    case "timeout":
      return { key: "outcome.timedOut" };
    case "cancelled":
    case "pending":
      return { key: "outcome.cancelled" };
  }
}

/**
 * How a closed card's inquiry ended, from the hub's record of it (the history detail):
 * who decided, on which device, at what local time, and what — the answer text, the
 * questionnaire's answers, the decline and its reason, the timeout after which the agent
 * went on without an answer, the cancel; for an approval the decision on the tool and the
 * arguments that ran. Undefined while the record is still pending: a card the stream gave
 * up on keeps its generic note until the hub says how it ended.
 *
 * @example summarizeOutcome(opened, { status: "answered", response: "Lisbon", byDeviceName: "Pixel 7", … }, t)
 * // { line: "You answered “Lisbon” on Pixel 7 · 14:02", answers: [] }
 */
export function summarizeOutcome(
  inquiry: InquiryOpenedMeta,
  item: HistoryItem,
  t: Translate,
): OutcomeSummary | undefined {
  if (item.status === "pending" || item.resolvedAt === null) return undefined;
  const device = item.byDeviceName ?? t("outcome.unknownDevice");
  const approval = inquiry.type === "APPROVAL" ? inquiry.approval : undefined;
  const headline =
    approval === undefined
      ? inquiryHeadline(item, device)
      : approvalHeadline(item, approval.tool, device);
  const line = t("outcome.at", {
    outcome: t(headline.key, headline.params),
    time: localClockTime(item.resolvedAt),
  });
  if (approval !== undefined) {
    if (item.status !== "answered") return { line, answers: [] };
    const edited = item.response === "edit" ? item.values : undefined;
    return { line, answers: [], ranArguments: edited ?? approval.arguments };
  }
  const answers =
    item.status === "answered" && item.values !== undefined
      ? answersOf(item.values, inquiry.questions ?? [], t)
      : [];
  return { line, answers };
}
