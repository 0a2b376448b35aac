import { randomUUID } from "node:crypto";
import type { Inquiry } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createdMessage, resolvedMessage } from "./webhook-messages";
import { escapedPreview } from "./webhook-markup";

/** A question an agent could send to spoof links, ping everyone and fake the hub's lines. */
const HOSTILE =
  "Fine? <https://evil.example|Approve> <!channel> [Approve](https://evil.example) " +
  "@everyone <@123> **bold**\n# Approved & done";
const HUB_LINK = { label: "Approve", url: "https://hub.example.test/decide?t=abc" };
const OPEN_URL = "https://hub.example.test/inbox#x";

function inquiry(question: string): Inquiry {
  return {
    id: randomUUID(),
    userId: "user-1",
    type: "INQUIRY",
    question,
    options: [],
    createdAt: new Date().toISOString(),
    expiresAt: new Date().toISOString(),
    status: "pending",
    resolution: null,
  };
}

const SlackSchema = z.object({ text: z.string() });
const DiscordSchema = z.object({
  content: z.string(),
  allowed_mentions: z.object({ parse: z.array(z.string()) }),
});
const GenericSchema = z.object({
  text: z.string(),
  inquiry: z.object({ question: z.string() }),
});

describe("webhook messages", () => {
  it("shows a hostile question literally in Slack: only the hub's links are links", () => {
    const { text } = SlackSchema.parse(
      createdMessage("slack", inquiry(HOSTILE), [HUB_LINK], OPEN_URL),
    );
    expect(text).toContain("&lt;https://evil.example|Approve&gt; &lt;!channel&gt;");
    expect(text).toContain("@everyone &lt;@123&gt;");
    expect(text).toContain("# Approved &amp; done");
    expect([...text.matchAll(/<([^>]*)>/g)].map((match) => match[1])).toEqual([
      `${HUB_LINK.url}|Approve`,
      `${OPEN_URL}|Open in the app`,
    ]);
  });

  it("shows a hostile question literally in Discord, with mentions broken and disallowed", () => {
    const body = DiscordSchema.parse(
      createdMessage("discord", inquiry(HOSTILE), [HUB_LINK], OPEN_URL),
    );
    expect(body.allowed_mentions.parse).toEqual([]);
    expect(body.content).toContain(
      "\\<https://evil.example\\|Approve\\> \\<!channel\\> \\[Approve\\]\\(https://evil.example\\)",
    );
    expect(body.content).toContain(
      "@\u200beveryone \\<@\u200b123\\> \\*\\*bold\\*\\*\n\\# Approved",
    );
    expect(body.content).not.toMatch(/(^|[^\\])\[[^\]]*\]\(https:\/\/evil/);
    expect(body.content).not.toMatch(/@(everyone|here|\d)/);
    expect(body.content).toContain(`[Approve](${HUB_LINK.url})`);
  });

  it("hands generic receivers the question as data, unchanged", () => {
    const body = GenericSchema.parse(
      createdMessage("generic", inquiry(HOSTILE), [HUB_LINK], OPEN_URL),
    );
    expect(body.inquiry.question).toBe(HOSTILE);
    expect(body.text).toContain(HOSTILE);
  });

  it("escapes the question and device name of the follow-up too", () => {
    const resolved = { ...inquiry("<!here> ok?"), status: "answered" as const };
    const { text } = SlackSchema.parse(resolvedMessage("slack", resolved, "<!channel> phone"));
    expect(text).toBe("Resolved: answered on &lt;!channel&gt; phone (&lt;!here&gt; ok?)");
    const discord = DiscordSchema.parse(resolvedMessage("discord", resolved, "@here"));
    expect(discord.content).toBe("Resolved: answered on @\u200bhere (\\<!here\\> ok?)");
  });

  it("cuts a long escaped question without splitting an escape", () => {
    const preview = escapedPreview("slack", "<".repeat(50), 12);
    expect(preview).toBe("&lt;&lt;…");
    expect(escapedPreview("discord", "a".repeat(20), 21)).toBe("a".repeat(20));
  });
});
