import { describe, expect, it } from "vitest";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { startTestHub } from "../helpers";
import { answerOver } from "../socket-helpers";
import { useClosedAfterTest } from "../support/closed-after-test";

/** LangChain's MCP adapters, as agents built on LangGraph reach the hub's `/mcp`. */
describe("@langchain/mcp-adapters on /mcp", () => {
  const closeAfterTest = useClosedAfterTest();

  it("loads the hub's tools and gets a device's answer from send_inquiry", async () => {
    const hub = closeAfterTest(await startTestHub());
    const owner = await hub.registerUser("langchain");
    const phone = await hub.login(owner.username, "phone");
    const device = await hub.devices.connect({ token: phone.token });
    const langchain = closeAfterTest(
      new MultiServerMCPClient({
        mcpServers: {
          hub: {
            transport: "http",
            url: new URL("/mcp", hub.url).href,
            headers: { Authorization: `Bearer ${owner.token}` },
          },
        },
      }),
    );

    const tools = await langchain.getTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "request_approval",
      "respond_inquiry",
      "send_inquiry",
    ]);
    const sendInquiry = tools.find((tool) => tool.name === "send_inquiry");
    if (sendInquiry === undefined) throw new Error("send_inquiry was not loaded");

    const answer = sendInquiry.invoke({ prompt: "Which colour?", options: ["Red", "Blue"] });
    await expect.poll(() => device.created.length).toBe(1);
    const inquiryId = device.created[0]?.id ?? "";
    expect(device.created[0]).toMatchObject({ question: "Which colour?" });
    await answerOver(device.socket, { inquiryId, response: "Blue" });
    expect(await answer).toBe("Blue");
  });
});
