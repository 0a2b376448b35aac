import { rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CallToolResultSchema } from "@modelcontextprotocol/core";
import { isInputRequiredResult, withInputRequired } from "@modelcontextprotocol/client";
import type {
  Client,
  ClientOptions,
  ElicitRequest,
  InputRequiredResult,
} from "@modelcontextprotocol/client";
import { InquirySchema } from "@inquiry-hub/protocol";
import { createProgressRecorder, resultText } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { fileExists, startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { expectApprovedWrite, useProxyHarnessPerTest } from "../support/proxy-per-test";
import { MODERN_PROTOCOL_VERSION, connectModernMcp } from "../support/modern-mcp-client";

const TOOLS = { write_file: { description: "Write {args.path} in the sandbox?" } };
const URL_ELICITATION = { capabilities: { elicitation: { url: {} } } };
const DAY_MS = 24 * 60 * 60 * 1000;

/** A 2026-07-28 client of `/proxy/demo/mcp` on the harness's hub. */
async function connectProxy(
  harness: ProxyHarness,
  token: string,
  options: ClientOptions = {},
): Promise<Client> {
  const { client } = await connectModernMcp([harness.hubUrl], token, "", {
    path: "/proxy/demo/mcp",
    client: options,
  });
  expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_PROTOCOL_VERSION);
  return client;
}

/** Registers a URL elicitation handler that waits for `decided`, then accepts. */
function acceptAfter(client: Client, decided: Promise<unknown>): ElicitRequest["params"][] {
  const seen: ElicitRequest["params"][] = [];
  client.setRequestHandler("elicitation/create", async (request) => {
    seen.push(request.params);
    await decided;
    return { action: "accept" };
  });
  return seen;
}

/** The device answers the next approval it is shown with `answer`. */
async function deviceDecides(device: TestDevice, answer: Record<string, unknown>) {
  const inquiry = await nextEvent(device.socket, "inquiry:new");
  expect(await answerOver(device.socket, { inquiryId: inquiry.id, ...answer })).toHaveProperty(
    "data",
  );
  return inquiry;
}

/** A new agent key of the user whose person token is `token`. */
async function mintAgentKey(harness: ProxyHarness, token: string): Promise<string> {
  const response = await fetch(new URL("/api/agent-keys", harness.hubUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "stranger" }),
  });
  expect(response.status).toBe(201);
  return z.object({ secret: z.string() }).parse(await response.json()).secret;
}

describe("the approval proxy for 2026-07-28 clients (input_required + requestState)", () => {
  let skewMs = 0;
  const { setupWithDevice } = useProxyHarnessPerTest(() =>
    startProxyHarness(TOOLS, {}, { requestStateClock: () => Date.now() + skewMs }),
  );
  const clients: Client[] = [];
  // Registered after the harness's own hook, so it runs first: clients close before their hub.
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    skewMs = 0;
  });

  it("asks through a URL elicitation of the inbox and forwards the approved call once", async () => {
    const { harness, token, device } = await setupWithDevice();
    const client = await connectProxy(harness, token, URL_ELICITATION);
    clients.push(client);
    const decided = deviceDecides(device, { action: "approve" });
    const elicited = acceptAfter(client, decided);
    const args = { path: "drafts/plan.md", content: "ship it" };

    const result = await client.callTool({ name: "write_file", arguments: args });
    expect(resultText(result)).toBe(
      'Wrote 7 bytes to drafts/plan.md in the sandbox.\nContent: "ship it"',
    );
    const inquiry = await decided;
    expect(inquiry.approval).toMatchObject({
      upstream: "demo",
      tool: "write_file",
      arguments: args,
    });
    expect(inquiry.question).toContain("Tool: `write_file` (demo)");
    expect(elicited).toEqual([
      expect.objectContaining({ mode: "url", url: `http://localhost:3000/inbox#${inquiry.id}` }),
    ]);
    await expectApprovedWrite(harness, inquiry.id, args);
  });

  it("forwards the person's edit, not the retry's arguments", async () => {
    const { harness, token, device } = await setupWithDevice();
    const client = await connectProxy(harness, token, URL_ELICITATION);
    clients.push(client);
    const edited = { path: "drafts/b.md", content: "edited" };
    acceptAfter(client, deviceDecides(device, { action: "edit", args: edited }));

    const result = await client.callTool({
      name: "write_file",
      arguments: { path: "drafts/a.md", content: "original" },
    });
    expect(resultText(result)).toMatch(/^Wrote 6 bytes to drafts\/b\.md/);
    expect(await fileExists(path.join(harness.sandboxDir, "drafts/a.md"))).toBe(false);
    expect(harness.audit[0]).toMatchObject({ verdict: "edited", forwardedArguments: edited });
  });

  it("returns today's not-run text when the person rejects", async () => {
    const { harness, token, device } = await setupWithDevice();
    const client = await connectProxy(harness, token, URL_ELICITATION);
    clients.push(client);
    acceptAfter(client, deviceDecides(device, { action: "reject", reason: "not now" }));

    const result = await client.callTool({
      name: "write_file",
      arguments: { path: "drafts/x.md", content: "x" },
    });
    expect(resultText(result)).toBe(
      'The person rejected the call to write_file, so it was not run. Their message: "not now". Do not retry the same call; adapt your plan or ask the person what they want instead.',
    );
    expect(await fileExists(path.join(harness.sandboxDir, "drafts/x.md"))).toBe(false);
  });

  it("holds a client without URL elicitation on its own stream, with progress", async () => {
    const { harness, token } = await setupWithDevice();
    const client = await connectProxy(harness, token);
    clients.push(client);
    const progress = createProgressRecorder();
    const call = client.callTool(
      { name: "write_file", arguments: { path: "drafts/held.md", content: "held" } },
      { onprogress: progress.onprogress },
    );
    const opened = await progress.next("APPROVAL");
    expect((await harness.answer(token, opened.inquiryId, { action: "approve" })).status).toBe(200);
    expect(resultText(await call)).toMatch(/^Wrote 4 bytes to drafts\/held\.md/);
    expect(progress.metas.at(-1)).toMatchObject({ type: "INQUIRY_CLOSED", status: "answered" });
  });

  it("refuses tampered, foreign, expired, mismatched and replayed states, changing nothing", async () => {
    const { harness, token } = await setupWithDevice();
    const manual = { ...URL_ELICITATION, inputRequired: { autoFulfill: false } };
    const client = await connectProxy(harness, token, manual);
    clients.push(client);
    const args = { path: "drafts/guarded.md", content: "guarded" };
    const file = path.join(harness.sandboxDir, "drafts/guarded.md");
    const call = (params: Record<string, unknown>, by: Client = client) =>
      by.request(
        { method: "tools/call", params: { name: "write_file", arguments: args, ...params } },
        withInputRequired(CallToolResultSchema),
        { allowInputRequired: true },
      );
    const retry = (requestState: string, extra: Record<string, unknown> = {}, by?: Client) =>
      call({ requestState, inputResponses: { approval: { action: "accept" } }, ...extra }, by);

    const first = await call({});
    expect(isInputRequiredResult(first)).toBe(true);
    const state = z.string().parse((first as InputRequiredResult).requestState);
    const pending = async () => {
      const response = await fetch(new URL("/api/inquiries?status=pending", harness.hubUrl), {
        headers: { authorization: `Bearer ${token}` },
      });
      return z.array(InquirySchema).parse(await response.json());
    };
    const [question] = await pending();

    const tampered = `${state.slice(0, -2)}${state.endsWith("AA") ? "BB" : "AA"}`;
    await expect(retry(tampered)).rejects.toThrow(/requestState refused \(tampered\)/);
    await expect(retry(state, { arguments: { ...args, path: "drafts/other.md" } })).rejects.toThrow(
      /requestState refused \(different-request\)/,
    );
    const stranger = await harness.registerUser();
    const strangerKey = await mintAgentKey(harness, stranger);
    const foreign = await connectProxy(harness, strangerKey, manual);
    clients.push(foreign);
    await expect(retry(state, {}, foreign)).rejects.toThrow(
      /requestState refused \(wrong-principal\)/,
    );
    skewMs = DAY_MS;
    await expect(retry(state)).rejects.toThrow(/requestState refused \(expired\)/);
    skewMs = 0;
    expect(await pending()).toEqual([question]);
    expect(await fileExists(file)).toBe(false);

    const again = await retry(state);
    expect(isInputRequiredResult(again)).toBe(true);
    const next = z.string().parse((again as InputRequiredResult).requestState);
    expect(next).not.toBe(state);
    await expect(retry(state)).rejects.toThrow(/requestState refused \(already-used\)/);

    expect((await harness.answer(token, question?.id ?? "", { action: "approve" })).status).toBe(
      200,
    );
    expect(resultText(await retry(next))).toMatch(/^Wrote 7 bytes/);
    await rm(file);
    await expect(retry(next)).rejects.toThrow(/requestState refused \(already-used\)/);
    expect(await fileExists(file)).toBe(false);
    expect(harness.audit).toHaveLength(1);
  });

  it("honours a state the person outlasted with More time, up to the latest extended deadline", async () => {
    const { harness, token } = await setupWithDevice();
    const manual = { ...URL_ELICITATION, inputRequired: { autoFulfill: false } };
    const client = await connectProxy(harness, token, manual);
    clients.push(client);
    const args = { path: "drafts/slow.md", content: "slow" };
    const call = (params: Record<string, unknown>) =>
      client.request(
        { method: "tools/call", params: { name: "write_file", arguments: args, ...params } },
        withInputRequired(CallToolResultSchema),
        { allowInputRequired: true },
      );
    const first = await call({});
    const state = z.string().parse((first as InputRequiredResult).requestState);
    const pendingResponse = await fetch(new URL("/api/inquiries?status=pending", harness.hubUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    const [question] = z.array(InquirySchema).parse(await pendingResponse.json());
    const id = question?.id ?? "";
    const extended = await fetch(new URL(`/api/inquiries/${id}/extend`, harness.hubUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(extended.status).toBe(200);
    expect((await harness.answer(token, id, { action: "approve" })).status).toBe(200);

    // Half an hour on (the default HUB_EXTEND_MAX_SECONDS): far past the first deadline and
    // its margin, still within what Extend could have reached.
    skewMs = 30 * 60 * 1000;
    const retried = await call({
      requestState: state,
      inputResponses: { approval: { action: "accept" } },
    });
    expect(resultText(retried)).toMatch(/^Wrote 4 bytes to drafts\/slow\.md/);
  });
});
