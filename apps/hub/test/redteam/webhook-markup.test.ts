import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { TestLogin } from "../helpers";
import { useHubAndReceiver } from "../support/hub-and-receiver";
import { agentAsks } from "./agent-asks";

/**
 * Finding 10: the agent's question went into Slack and Discord messages as markup, so it
 * could show a link labelled "Approve" that leads elsewhere, ping a whole channel, or fake
 * the hub's own lines.
 */
const HUB = "https://hub.example.test";
const HOSTILE_PROMPT =
  "Routine check. <https://evil.example/a|Approve> <!channel> <!here> <@U0123> " +
  "[Approve](https://evil.example/b) @everyone @here <@123456> <#42>\n# Approved & done";
const HOSTILE_OPTION = "[Approve](https://evil.example/c) <https://evil.example/d|Approve>";

const SlackSchema = z.object({ text: z.string() });
const DiscordSchema = z.object({
  content: z.string(),
  allowed_mentions: z.object({ parse: z.array(z.string()).length(0) }),
});
const GenericSchema = z.object({
  text: z.string(),
  inquiry: z.object({ question: z.string() }),
});

describe("red team: markup injection into chat webhooks", () => {
  const suite = useHubAndReceiver({
    webhookSecret: "red-team-webhook-secret-of-at-least-32-characters",
    // The receiver stands in for Slack or Discord on loopback.
    webhookAllowPrivate: true,
    webPublicUrl: HUB,
  });

  /** The bodies the receiver got for one hostile question: its announcement and outcome. */
  async function hostileQuestionTo(kind: string): Promise<unknown[]> {
    const user: TestLogin = await suite.hub.registerUser(`markup-${kind}`, "Phone");
    const configured = await suite.hub.request("/api/channels/webhook", {
      method: "PUT",
      token: user.token,
      body: { url: new URL(`/hook/${kind}`, suite.receiver.url).toString(), kind },
    });
    expect(configured.status).toBe(200);
    const question = await agentAsks(suite.hub, user, {
      prompt: HOSTILE_PROMPT,
      options: [HOSTILE_OPTION],
    });
    await suite.receiver.waitForCount(1);
    await question.reject();
    const messages = await suite.receiver.waitForCount(2);
    return messages.map((message) => JSON.parse(message.body.toString()) as unknown);
  }

  it("finding 10: in Slack the only links are the hub's and no channel is pinged", async () => {
    const [created, resolved] = (await hostileQuestionTo("slack")).map(
      (body) => SlackSchema.parse(body).text,
    );
    for (const text of [created ?? "", resolved ?? ""]) {
      const angled = [...text.matchAll(/<([^>]*)>/g)].map((match) => match[1] ?? "");
      expect(
        angled.every((inside) => inside.startsWith(`${HUB}/`)),
        text,
      ).toBe(true);
      expect(text).not.toContain("<!");
    }
    expect(created).toContain("&lt;https://evil.example/a|Approve&gt; &lt;!channel&gt;");
    expect(created).toContain("Approved &amp; done");
  });

  it("finding 10: in Discord the only links are the hub's and mentions are inert", async () => {
    const [created, resolved] = (await hostileQuestionTo("discord")).map(
      (body) => DiscordSchema.parse(body).content,
    );
    for (const content of [created ?? "", resolved ?? ""]) {
      const links = [...content.matchAll(/(?<!\\)\[(?:[^\]\\]|\\.)*\]\(([^)]*)\)/g)].map(
        (match) => match[1] ?? "",
      );
      expect(
        links.every((url) => url.startsWith(`${HUB}/`)),
        content,
      ).toBe(true);
      expect(content).not.toMatch(/@(everyone|here|\d)/);
      expect(content).not.toMatch(/(?<!\\)<[@#!]/);
    }
    expect(created).toContain("\\# Approved");
  });

  it("finding 10: generic receivers get the question as data, exactly as asked", async () => {
    const [created] = await hostileQuestionTo("generic");
    const body = GenericSchema.parse(created);
    expect(body.inquiry.question).toBe(HOSTILE_PROMPT);
  });
});
