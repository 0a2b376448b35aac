import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApprovalDetailsSchema, InquirySchema } from "@inquiry-hub/protocol";
import { resultText } from "../helpers";
import { fileExists, gatedCall, startProxyHarness } from "../support/proxy-harness";
import { useProxyHarnessPerTest } from "../support/proxy-per-test";

const TOOLS = {
  get_weather: false,
  write_file: {
    description: "Write {args.path} in the sandbox?",
    allow: [{ arg: "path", glob: "notes/*.txt" }],
  },
  execute_sql: { when: [{ arg: "query", sql: ["delete", "update", "drop", "insert"] }] },
};

describe("approval proxy in front of demo-tools", () => {
  const { setupWithAgent } = useProxyHarnessPerTest(() => startProxyHarness(TOOLS));

  it("looks like the upstream: same tools, a note on gated ones, ungated calls pass through", async () => {
    const { harness, token, agent } = await setupWithAgent();
    expect(agent.getServerVersion()?.name).toBe("inquiry-hub-demo-tools");
    const { tools } = await agent.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual(["execute_sql", "get_weather", "write_file"]);
    expect(byName.get("write_file")?.description).toMatch(/May wait for a person's approval\.$/);
    expect(byName.get("get_weather")?.description).not.toMatch(/approval/);
    expect(byName.get("write_file")?.inputSchema.required).toEqual(["path", "content"]);

    const weather = await agent.callTool({ name: "get_weather", arguments: { city: "Hangzhou" } });
    expect(resultText(weather)).toMatch(/^Tomorrow in Hangzhou: /);
    const pending = await fetch(new URL("/api/inquiries?status=pending", harness.hubUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await pending.json()).toEqual([]);
  });

  it("approve forwards the original arguments and returns the upstream's result", async () => {
    const { harness, token, agent } = await setupWithAgent();
    const args = { path: "drafts/plan.md", content: "ship it" };
    const { call, progress, inquiryId, opened } = await gatedCall(agent, "write_file", args);
    const approval = ApprovalDetailsSchema.parse(opened.approval);
    expect(approval).toMatchObject({
      upstream: "demo",
      tool: "write_file",
      arguments: args,
      allowedDecisions: ["approve", "edit", "reject"],
      description: "Write drafts/plan.md in the sandbox?",
    });
    expect(opened.question).toContain("Tool: `write_file` (demo)");
    expect(await fileExists(path.join(harness.sandboxDir, "drafts/plan.md"))).toBe(false);

    const answered = await harness.answer(token, inquiryId, { action: "approve" });
    expect(answered.status).toBe(200);
    expect(resultText(await call)).toBe(
      'Wrote 7 bytes to drafts/plan.md in the sandbox.\nContent: "ship it"',
    );
    expect(await readFile(path.join(harness.sandboxDir, "drafts/plan.md"), "utf8")).toBe("ship it");
    expect(progress.metas.at(-1)).toEqual({
      type: "INQUIRY_CLOSED",
      inquiryId,
      status: "answered",
    });
    expect(harness.audit).toEqual([
      expect.objectContaining({
        inquiryId,
        verdict: "approved",
        originalArguments: args,
        forwardedArguments: args,
        decidedByDeviceId: expect.any(String) as string,
      }),
    ]);
  });

  it("edit forwards exactly the edited arguments", async () => {
    const { harness, token, agent } = await setupWithAgent();
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "drafts/a.md",
      content: "original",
    });
    const edited = { path: "drafts/b.md", content: "edited by a person" };
    const answered = await harness.answer(token, inquiryId, { action: "edit", args: edited });
    expect(InquirySchema.parse(await answered.json()).resolution).toMatchObject({
      response: "edit",
      values: edited,
    });
    expect(resultText(await call)).toMatch(/^Wrote 18 bytes to drafts\/b\.md/);
    expect(await readFile(path.join(harness.sandboxDir, "drafts/b.md"), "utf8")).toBe(
      "edited by a person",
    );
    expect(await fileExists(path.join(harness.sandboxDir, "drafts/a.md"))).toBe(false);
    expect(harness.audit[0]).toMatchObject({ verdict: "edited", forwardedArguments: edited });
  });

  it("reject runs nothing and tells the model the person refused, with their message", async () => {
    const { harness, token, agent } = await setupWithAgent();
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "drafts/x.md",
      content: "x",
    });
    await harness.answer(token, inquiryId, { action: "reject", reason: "not in drafts" });
    const result = await call;
    expect(result.isError).toBeUndefined();
    expect(resultText(result)).toBe(
      'The person rejected the call to write_file, so it was not run. Their message: "not in drafts". Do not retry the same call; adapt your plan or ask the person what they want instead.',
    );
    expect(await fileExists(path.join(harness.sandboxDir, "drafts/x.md"))).toBe(false);
    expect(harness.audit[0]).toMatchObject({ verdict: "rejected", reason: "not in drafts" });
  });

  it("refuses an invalid edit with the reason and keeps the approval pending", async () => {
    const { harness, token, agent } = await setupWithAgent();
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "drafts/ok.md",
      content: "fine",
    });
    const refused = await harness.answer(token, inquiryId, {
      action: "edit",
      args: { path: 42 },
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.message).toMatch(/arguments\/path must be string/);
    expect(body.error.message).toMatch(/required property 'content'/);
    const stillPending = await harness.answer(token, inquiryId, { action: "approve" });
    expect(stillPending.status).toBe(200);
    expect(resultText(await call)).toMatch(/^Wrote 4 bytes/);
    expect(await readFile(path.join(harness.sandboxDir, "drafts/ok.md"), "utf8")).toBe("fine");
  });

  it("never forwards an invalid edit that reached the inquiry past the check", async () => {
    const { harness, agent } = await setupWithAgent();
    const { call, inquiryId } = await gatedCall(agent, "write_file", {
      path: "drafts/y.md",
      content: "y",
    });
    await harness.hub.inquiries.resolve(inquiryId, {
      status: "answered",
      response: "edit",
      values: { path: "drafts/z.md" },
      resolvedAt: new Date().toISOString(),
    });
    const result = await call;
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/could not be applied \(edited arguments: .*content/);
    expect(await fileExists(path.join(harness.sandboxDir, "drafts/z.md"))).toBe(false);
    expect(await fileExists(path.join(harness.sandboxDir, "drafts/y.md"))).toBe(false);
  });

  it("passes allow-listed calls without asking", async () => {
    const { harness, agent } = await setupWithAgent();
    const result = await agent.callTool({
      name: "write_file",
      arguments: { path: "notes/today.txt", content: "allowed" },
    });
    expect(resultText(result)).toMatch(/^Wrote 7 bytes to notes\/today\.txt/);
    expect(await readFile(path.join(harness.sandboxDir, "notes/today.txt"), "utf8")).toBe(
      "allowed",
    );
    expect(harness.audit).toEqual([]);
  });

  it("gates only calls matching `when`: SELECT passes, DELETE asks", async () => {
    const { harness, token, agent } = await setupWithAgent();
    const select = await agent.callTool({
      name: "execute_sql",
      arguments: { query: "SELECT * FROM notes" },
    });
    expect(resultText(select)).toMatch(/row/);
    const { call, inquiryId, opened } = await gatedCall(agent, "execute_sql", {
      query: "DELETE FROM notes",
    });
    expect(opened.question).toContain("DELETE FROM notes");
    await harness.answer(token, inquiryId, { action: "approve" });
    expect(resultText(await call)).toMatch(/delete/i);
  });
});
