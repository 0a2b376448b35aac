import { MultiServerMCPClient } from "@langchain/mcp-adapters";

const mcp = new MultiServerMCPClient({
  mcpServers: {
    "inquiry-hub": {
      transport: "http",
      url: process.env.HUB_MCP_URL ?? "http://127.0.0.1:4000/mcp",
      headers: { Authorization: `Bearer ${process.env.HUB_AGENT_KEY}` },
    },
  },
});
// Hand these to createAgent({ tools }) like any other LangChain tool.
const tools = await mcp.getTools();
const sendInquiry = tools.find((tool) => tool.name === "send_inquiry");
console.log(await sendInquiry?.invoke({ prompt: "Which city?", options: ["Paris", "Rome"] }));
await mcp.close();
