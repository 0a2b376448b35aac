import { tool } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogTools } from "./tool-catalog";

describe("catalogTools", () => {
  it("reads the description and the argument schema of zod and JSON Schema tools", () => {
    const zodTool = tool(() => "ok", {
      name: "send_email",
      description: "Sends an email.",
      schema: z.object({ to: z.string().describe("Recipient") }),
    });
    const jsonSchemaTool = tool(() => "ok", {
      name: "delete_file",
      description: "Deletes a file.",
      schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    });
    const providerTool = { type: "web_search_preview" };

    const catalog = catalogTools([zodTool, jsonSchemaTool, providerTool]);

    expect([...catalog.keys()]).toEqual(["send_email", "delete_file"]);
    expect(catalog.get("send_email")).toEqual({
      description: "Sends an email.",
      inputSchema: expect.objectContaining({
        type: "object",
        properties: { to: { type: "string", description: "Recipient" } },
        required: ["to"],
      }) as unknown,
    });
    expect(catalog.get("delete_file")?.inputSchema).toEqual({
      type: "object",
      properties: { path: { type: "string" } },
      required: ["path"],
    });
  });
});
