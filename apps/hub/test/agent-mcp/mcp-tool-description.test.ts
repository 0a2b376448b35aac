import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PROMPT_DESCRIPTION } from "@inquiry-hub/protocol";
import { DEFAULT_SEND_INQUIRY_DESCRIPTION } from "../../src/features/inquiries/mcp/send-inquiry-tool";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

describe("send_inquiry's description per MCP session", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  async function sendInquiryTool(query: string) {
    hub ??= await startTestHub();
    const { token } = await hub.registerUser();
    const client = await hub.connectMcp(token, query);
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === "send_inquiry");
    if (tool === undefined) throw new Error("send_inquiry missing");
    const prompt = (tool.inputSchema.properties as Record<string, { description?: string }>).prompt;
    return { description: tool.description, promptDescription: prompt?.description };
  }

  it("lists the defaults without overrides", async () => {
    expect(await sendInquiryTool("")).toEqual({
      description: DEFAULT_SEND_INQUIRY_DESCRIPTION,
      promptDescription: DEFAULT_PROMPT_DESCRIPTION,
    });
  });

  it("lists ?description= and ?prompt_description= for that session only", async () => {
    const query = new URLSearchParams({
      description: "Ask Ada, the on-call engineer.",
      prompt_description: "One yes/no question about the deploy.",
    });
    expect(await sendInquiryTool(`?${query.toString()}`)).toEqual({
      description: "Ask Ada, the on-call engineer.",
      promptDescription: "One yes/no question about the deploy.",
    });
    expect(await sendInquiryTool("")).toEqual({
      description: DEFAULT_SEND_INQUIRY_DESCRIPTION,
      promptDescription: DEFAULT_PROMPT_DESCRIPTION,
    });
  });

  it("refuses an empty override on initialize with 400 naming it", async () => {
    hub = await startTestHub();
    const { token } = await hub.registerUser();
    await expect(hub.connectMcp(token, "?prompt_description=")).rejects.toThrow(
      /prompt_description/,
    );
  });
});
