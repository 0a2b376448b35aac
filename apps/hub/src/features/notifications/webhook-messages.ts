import type { Inquiry, WebhookKind } from "@inquiry-hub/protocol";
import type { DecisionLink } from "./webhook-links";
import { escapedPreview, escapeMarkup } from "./webhook-markup";
import { riskLine } from "./push-text";

/** Discord refuses `content` longer than this; Slack's limit is far higher. */
const MAX_TEXT_LENGTH = 2_000;
/** The escaped question is cut here so the links always fit. */
const QUESTION_PREVIEW_LENGTH = 800;
/** The escaped risk line is cut here, for the same reason. */
const RISK_PREVIEW_LENGTH = 200;

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

function linkMarkup(kind: WebhookKind, link: DecisionLink): string {
  switch (kind) {
    case "slack":
      return `<${link.url}|${escapeMarkup(kind, link.label)}>`;
    case "discord":
      return `[${escapeMarkup(kind, link.label)}](${link.url})`;
    case "generic":
      return `${link.label}: ${link.url}`;
  }
}

/** The body each kind of receiver expects for a text message. */
function envelope(kind: WebhookKind, text: string, extra: Record<string, unknown>): unknown {
  const clipped = clip(text, MAX_TEXT_LENGTH);
  switch (kind) {
    case "slack":
      return { text: clipped };
    case "discord":
      return { content: clipped, allowed_mentions: { parse: [] } };
    case "generic":
      return { text: clipped, ...extra };
  }
}

/** What the message says of an approval's risk before anything else: nothing without a label. */
function riskLines(kind: WebhookKind, inquiry: Inquiry): string[] {
  const risk = inquiry.approval?.risk;
  return [
    ...(risk === undefined ? [] : [escapedPreview(kind, riskLine(risk), RISK_PREVIEW_LENGTH)]),
    ...(inquiry.approval?.freshLook === true
      ? ["This call needs a fresh look: decide it in the app, where the whole call shows."]
      : []),
  ];
}

/**
 * The "your agent asks" message: an approval's risk line first, then the question, one link
 * per decision (none for an approval that needs a fresh look) and a link to answer in the app.
 * Slack gets `text` with `<url|label>` links, Discord `content` with markdown links (mentions
 * disabled, so a question cannot ping a channel), generic receivers `text` plus the structured
 * facts. The question and labels come from the agent, so they are
 * escaped for the receiver's markup (webhook-markup): the only links are the hub's.
 */
export function createdMessage(
  kind: WebhookKind,
  inquiry: Inquiry,
  links: DecisionLink[],
  openUrl: string,
): unknown {
  const heading = inquiry.type === "APPROVAL" ? "Your agent asks for approval" : "Your agent asks";
  const text = [
    ...riskLines(kind, inquiry),
    `${heading}: ${escapedPreview(kind, inquiry.question, QUESTION_PREVIEW_LENGTH)}`,
    [...links, { label: "Open in the app", url: openUrl }]
      .map((link) => linkMarkup(kind, link))
      .join(" · "),
  ].join("\n");
  return envelope(kind, text, {
    type: "inquiry.created",
    inquiry: {
      id: inquiry.id,
      type: inquiry.type,
      question: inquiry.question,
      ...(inquiry.approval?.risk === undefined ? {} : { risk: inquiry.approval.risk }),
      ...(inquiry.approval?.freshLook === true ? { freshLook: true } : {}),
    },
    links: links.map((link) => ({ label: link.label, url: link.url })),
    openUrl,
  });
}

const STATUS_WORDS = {
  answered: "answered",
  rejected: "rejected",
  timeout: "timed out",
  cancelled: "cancelled",
} as const;

/** The follow-up once the inquiry is resolved: "Resolved: answered on Pixel 7". */
export function resolvedMessage(
  kind: WebhookKind,
  inquiry: Inquiry,
  deviceName: string | undefined,
): unknown {
  if (inquiry.status === "pending") throw new Error("resolvedMessage needs a resolved inquiry");
  const how = STATUS_WORDS[inquiry.status];
  const device = deviceName === undefined ? "" : ` on ${escapeMarkup(kind, deviceName)}`;
  const text = `Resolved: ${how}${device} (${escapedPreview(kind, inquiry.question, 100)})`;
  return envelope(kind, text, {
    type: "inquiry.resolved",
    inquiryId: inquiry.id,
    status: inquiry.status,
    ...(deviceName === undefined ? {} : { deviceName }),
  });
}

/**
 * The daily digest's post: its one line and a link to that day's digest page. The line is
 * the hub's own (numbers only), so only the link needs the receiver's markup.
 */
export function digestMessage(kind: WebhookKind, day: string, line: string, link: string): unknown {
  const text = `${line}\n${linkMarkup(kind, { label: "Open the digest", url: link })}`;
  return envelope(kind, text, { type: "digest.daily", day, link });
}
