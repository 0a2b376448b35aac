import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const client = new Client({ name: "my-agent", version: "1.0.0" });
await client.connect(
  new StreamableHTTPClientTransport(
    new URL(process.env.HUB_MCP_URL ?? "http://127.0.0.1:4000/mcp"),
    {
      requestInit: { headers: { Authorization: `Bearer ${process.env.HUB_AGENT_KEY}` } },
    },
  ),
);
const result = await client.callTool(
  { name: "send_inquiry", arguments: { prompt: "Which city?", options: ["Paris", "Rome"] } },
  // The hub sends a heartbeat every few seconds while the person decides.
  { onprogress: () => {}, resetTimeoutOnProgress: true },
);
console.log(result.content);
await client.close();
