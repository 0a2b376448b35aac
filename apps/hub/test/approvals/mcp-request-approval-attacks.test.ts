import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_APPROVAL_JSON_LENGTH, RequestApprovalArgsSchema } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/client";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import {
  SEND_EMAIL,
  createAgentKey,
  decisionOf,
  requestApproval,
  startApprovalBench,
  textOf,
} from "../support/request-approval";
import type { ApprovalBench } from "../support/request-approval";
import { connectTasksClient } from "../support/tasks-client";
import type { TasksClient } from "../support/tasks-client";

/** Room for the schema's own cap on `arguments` to be reached before the HTTP body limit. */
const BODY_LIMIT_BYTES = 512 * 1024;

/**
 * An agent that calls `request_approval` attacks the gate it asked for: it tries to decide
 * its own approval, to reach another user's, to slip arguments past the tool's schema or
 * flood the card. Each attack must fail, change nothing, and say why.
 */
describe("request_approval under attack", () => {
  let bench: ApprovalBench;
  let hub: TestHub;
  let person: TestLogin;
  let agentKey: string;
  let phone: TestDevice;
  const tasksClients: TasksClient[] = [];

  beforeAll(async () => {
    bench = await startApprovalBench(
      {
        jsonBodyLimitBytes: BODY_LIMIT_BYTES,
        proxy: parseProxyConfig({
          upstreams: { Demo: { url: "http://127.0.0.1:9/mcp", tools: {} } },
        }),
      },
      "target",
    );
    ({ hub, person, agentKey, phone } = bench);
  });
  afterEach(async () => {
    await Promise.allSettled([
      bench.reset(),
      ...tasksClients.splice(0).map((client) => client.close()),
    ]);
  });
  afterAll(() => bench.close());

  const agent = (token = agentKey): Promise<Client> => bench.agent("2026-07-28", { token });
  const statusOf = (inquiryId: string) => bench.statusOf(inquiryId);

  it("cannot decide its own approval by any path; the person still can", async () => {
    const tasks = await connectTasksClient([hub.url], agentKey);
    tasksClients.push(tasks);
    const announced = nextEvent(phone.socket, "inquiry:new");
    const asked = tasks.session.callTool("request_approval", SEND_EMAIL as never);
    asked.catch(() => undefined);
    const inquiryId = (await announced).id;
    const envelope = tasks.rawSent.find((request) => request.method === "tools/call")?.params
      ?._meta;

    const forged = await tasks.dispatch({
      method: "tasks/update",
      params: {
        taskId: `inquiry.${inquiryId}`,
        inputResponses: { answer: { action: "decline" } },
        ...(envelope === undefined ? {} : { _meta: envelope }),
      },
    });
    expect(forged).toMatchObject({
      kind: "error",
      error: { code: -32602, message: expect.stringContaining("decided by the person") as string },
    });

    const client = await agent();
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain(
      "respond_inquiry",
    );
    const responded = await client
      .callTool({ name: "respond_inquiry", arguments: { inquiry_id: inquiryId, response: "x" } })
      .then(
        (result) => (result.isError === true ? textOf(result) : "answered"),
        (error: unknown) => String(error),
      );
    expect(responded).toContain("Tool respond_inquiry not found");

    for (const body of [
      { action: "approve" },
      { action: "edit", args: SEND_EMAIL.arguments },
      { action: "reject" },
    ]) {
      const answered = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
        token: agentKey,
        body,
      });
      expect(answered.status).toBe(403);
    }
    const socketRefusal = await hub.devices.refused({ token: agentKey });
    expect(socketRefusal.message).toContain("an agent credential cannot open a device socket");

    expect(await statusOf(inquiryId), "nothing changed").toBe("pending");
    expect(phone.withdrawn.map((each) => each.inquiryId)).not.toContain(inquiryId);

    const approved = await answerOver(phone.socket, { inquiryId, action: "approve" });
    expect(approved).toMatchObject({ data: { status: "answered" } });
    const execution = await asked;
    expect(execution.kind, "request_approval is held, never a task").not.toBe("task");
    const { outcome } = await execution.settle();
    expect(resultFromTaskOutcome(outcome)).toMatchObject({
      structuredContent: { inquiryId, decision: "approve" },
    });
  });

  it("cannot read or reattach to another user's approval with the same key", async () => {
    const stranger = await hub.registerUser("stranger");
    const strangersKey = await createAgentKey(hub, stranger.token);
    const mine = requestApproval(await agent(), SEND_EMAIL, { key: "thread-1:call-1" });
    const { inquiryId } = await mine.progress.next("APPROVAL");

    const read = await hub.request(`/api/inquiries/${inquiryId}`, { token: strangersKey });
    expect(read.status).toBe(404);
    const listed = await hub.request("/api/inquiries?status=pending", { token: strangersKey });
    expect(await listed.json()).toEqual([]);

    const created = phone.created.length;
    const theirs = requestApproval(await agent(strangersKey), SEND_EMAIL, {
      key: "thread-1:call-1",
    });
    const theirsOpened = await theirs.progress.next("APPROVAL");
    expect(theirsOpened.inquiryId, "a key is the user's own").not.toBe(inquiryId);
    expect(phone.created.length, "the stranger's card never reaches this person").toBe(created);
    await answerOver(phone.socket, { inquiryId, action: "reject", reason: "mine" });
    expect(decisionOf(await mine.call)).toMatchObject({ decision: "reject", message: "mine" });
    expect(await hub.hub.inquiries.get(stranger.userId, theirsOpened.inquiryId)).toMatchObject({
      status: "pending",
    });
    const strangersPhone = await hub.devices.connect({ token: stranger.token });
    await answerOver(strangersPhone.socket, {
      inquiryId: theirsOpened.inquiryId,
      action: "approve",
    });
    expect(decisionOf(await theirs.call).decision).toBe("approve");
  });

  it("cannot get an edit past input_schema, by socket or by HTTP", async () => {
    const { call, progress } = requestApproval(await agent(), SEND_EMAIL);
    const { inquiryId } = await progress.next("APPROVAL");
    const sneaky = { ...SEND_EMAIL.arguments, bcc: "eve@example.com" };
    const bySocket = await answerOver(phone.socket, { inquiryId, action: "edit", args: sneaky });
    expect(bySocket).toMatchObject({ error: { code: "BAD_REQUEST" } });
    const byHttp = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token: person.token,
      body: { action: "edit", args: { to: "x" } },
    });
    expect(byHttp.status).toBe(400);
    expect(await byHttp.text()).toContain("must NOT have fewer than 3 characters");
    expect(await statusOf(inquiryId)).toBe("pending");
    await answerOver(phone.socket, { inquiryId, action: "reject" });
    expect(decisionOf(await call).decision).toBe("reject");
  });

  it("refuses arguments that do not fit their own input_schema before asking anyone", async () => {
    const before = (await hub.hub.inquiries.list(person.userId)).length;
    const result = await requestApproval(await agent(), {
      ...SEND_EMAIL,
      arguments: { to: "ada@example.com", subject: "Launch" },
    }).call;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "BAD_REQUEST: arguments do not fit input_schema: arguments must have required property 'body'. Nothing was asked; fix the arguments and call again.",
    );
    expect(await hub.hub.inquiries.list(person.userId)).toHaveLength(before);
  });

  it("names the problem of a malformed call and opens nothing", async () => {
    const client = await agent();
    const before = (await hub.hub.inquiries.list(person.userId)).length;
    const refusals: [object, string][] = [
      [{ allowed_decisions: ["approve", "maybe"] }, "allowed_decisions.1: Invalid option"],
      [{ allowed_decisions: [] }, "allowed_decisions: Too small"],
      [{ source: "LangGraph" }, "source: 1 to 64 lowercase letters"],
      [{ source: "demo" }, 'source: "demo" names an upstream of this hub\'s approval proxy'],
      [{ tool: "send`email\nArguments:" }, "tool: no control or format characters"],
      [{ run_id: "" }, "run_id: Too small"],
    ];
    for (const [change, problem] of refusals) {
      const result = await requestApproval(client, { ...SEND_EMAIL, ...change }).call;
      expect(result.isError, JSON.stringify(change)).toBe(true);
      expect(textOf(result)).toContain(problem);
    }
    expect(await hub.hub.inquiries.list(person.userId)).toHaveLength(before);
  });

  it("refuses oversize arguments: the schema's cap, then the HTTP body limit", async () => {
    const client = await agent();
    const before = (await hub.hub.inquiries.list(person.userId)).length;
    const flood = {
      ...SEND_EMAIL,
      input_schema: undefined,
      arguments: {
        body: "x".repeat(MAX_APPROVAL_JSON_LENGTH),
      },
    };
    expect(RequestApprovalArgsSchema.safeParse(flood).success).toBe(false);
    const capped = await requestApproval(client, flood).call;
    expect(capped.isError).toBe(true);
    expect(textOf(capped)).toContain(
      `arguments: arguments must be at most ${MAX_APPROVAL_JSON_LENGTH} characters of JSON`,
    );

    const huge = { ...flood, arguments: { body: "x".repeat(BODY_LIMIT_BYTES) } };
    await expect(requestApproval(client, huge).call).rejects.toThrow(
      `request body is larger than ${BODY_LIMIT_BYTES} bytes`,
    );
    expect(await hub.hub.inquiries.list(person.userId)).toHaveLength(before);
  });
});
