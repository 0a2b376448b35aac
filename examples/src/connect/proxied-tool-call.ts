import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

// The same tools as the upstream, at the hub's /proxy/<name>/mcp; gated calls wait for a person.
const client = new Client({ name: "my-agent", version: "1.0.0" });
await client.connect(
  new StreamableHTTPClientTransport(
    new URL(process.env.HUB_PROXY_URL ?? "http://127.0.0.1:4000/proxy/files/mcp"),
    {
      requestInit: { headers: { Authorization: `Bearer ${process.env.HUB_AGENT_KEY}` } },
    },
  ),
);
const result = await client.callTool(
  { name: "write_file", arguments: { path: "notes.txt", content: "hello" } },
  { onprogress: () => {}, resetTimeoutOnProgress: true },
);
console.log(result.content);
await client.close();
