import type { WebhookKind } from "@inquiry-hub/protocol";

/**
 * Discord markdown that a backslash makes literal: emphasis, code, spoilers, quotes,
 * headings, lists, masked links `[label](url)` and `<…>` forms (mentions `<@id>`, channels,
 * timestamps, embed-free links).
 */
const DISCORD_MARKDOWN = new Set("\\*_~`|>#-[]()<");
/** A zero-width space after `@` stops `@everyone`, `@here` and `<@id>` from being mentions. */
const ZERO_WIDTH_SPACE = "\u200b";

/** Slack's mrkdwn reads `<…>` as links and mentions (`<!channel>`); `&` starts an entity. */
const SLACK_ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

function escapeCharacter(kind: WebhookKind, character: string): string {
  switch (kind) {
    case "slack":
      return SLACK_ENTITIES[character] ?? character;
    case "discord":
      if (character === "@") return `@${ZERO_WIDTH_SPACE}`;
      return DISCORD_MARKDOWN.has(character) ? `\\${character}` : character;
    case "generic":
      return character;
  }
}

/**
 * `text` written so a receiver of `kind` shows it literally: text that comes from the agent
 * (the question, option labels) or a user (device names) must not turn into links that
 * point elsewhere than they say, pings of a whole channel, or formatting that fakes the
 * hub's own lines. Slack gets its three entities, Discord backslashes and broken-up
 * mentions, generic receivers the text as it is (JSON is data to them).
 */
export function escapeMarkup(kind: WebhookKind, text: string): string {
  return Array.from(text, (character) => escapeCharacter(kind, character)).join("");
}

/**
 * Like `escapeMarkup`, cut to at most `length` characters of escaped text with "…" when
 * cut, never inside an escape (a half entity would show as garbage or stop escaping).
 */
export function escapedPreview(kind: WebhookKind, text: string, length: number): string {
  const escaped = escapeMarkup(kind, text);
  if (escaped.length <= length) return escaped;
  let preview = "";
  for (const character of text) {
    const next = escapeCharacter(kind, character);
    if (preview.length + next.length > length - 1) break;
    preview += next;
  }
  return `${preview}…`;
}
