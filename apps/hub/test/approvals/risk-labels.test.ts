import { readdir } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { ApprovalDetailsSchema, InquirySchema } from "@inquiry-hub/protocol";
import type { ApprovalDetails } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { HubConfig } from "../../src/index";
import { waitFor } from "../helpers";
import { gatedCall, startProxyHarness } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { startFakeDraftingModel } from "../support/fake-drafting-model";
import type { FakeDraftingModel } from "../support/fake-drafting-model";
import type { TestDevice } from "../socket-helpers";

/** Every call of these tools waits for a person, so each one gets a card and a label. */
const TOOLS = { get_weather: true, write_file: true, execute_sql: true };

const DELETE_NOTES = { query: "DELETE FROM notes" };
const WRITE_NOTE = { path: "notes/a.txt", content: "hi" };

describe("risk labels on approval cards, through the approval proxy", () => {
  let harness: ProxyHarness | undefined;
  let model: FakeDraftingModel | undefined;
  afterEach(async () => {
    await harness?.close();
    await model?.close();
    harness = model = undefined;
  });

  async function setup(riskModel?: HubConfig["riskModel"]) {
    harness = await startProxyHarness(TOOLS, { riskModel });
    const token = await harness.registerUser();
    const device = await harness.devices.connect({ token });
    const agent = await harness.connectAgent(token);
    return { harness, token, device, agent };
  }

  async function startModel(): Promise<HubConfig["riskModel"]> {
    model = await startFakeDraftingModel();
    return { baseUrl: model.baseUrl, model: "risk-model", timeoutMs: 2000 };
  }

  /**
   * Makes a gated call and reads the approval of its card as the device's `inquiry:new`
   * showed it; the call is rejected afterwards, so nothing ever runs.
   */
  async function cardOf(
    setup: { harness: ProxyHarness; token: string; device: TestDevice; agent: Client },
    tool: string,
    args: Record<string, unknown>,
  ): Promise<ApprovalDetails> {
    const { call, inquiryId } = await gatedCall(setup.agent, tool, args);
    const card = await waitFor(() =>
      Promise.resolve(setup.device.created.find((inquiry) => inquiry.id === inquiryId)),
    );
    const stored = InquirySchema.parse(
      await (await setup.harness.answer(setup.token, inquiryId, { action: "reject" })).json(),
    );
    expect(stored.status).toBe("rejected");
    await call;
    return ApprovalDetailsSchema.parse(card.approval);
  }

  it("labels from the hub's rules when no model is configured", async () => {
    const started = await setup();
    const deletion = await cardOf(started, "execute_sql", DELETE_NOTES);
    expect(deletion.risk).toEqual({
      level: "high",
      reason: "Deletes rows: DELETE FROM notes",
      source: "rules",
    });
    expect(deletion.freshLook).toBe(true);

    const write = await cardOf(started, "write_file", WRITE_NOTE);
    expect(write.risk).toEqual({
      level: "medium",
      reason: "Writes or sends: write_file",
      source: "rules",
    });
    expect(write.freshLook).toBeUndefined();

    const weather = await cardOf(started, "get_weather", { city: "Paris" });
    expect(weather.risk).toEqual({
      level: "low",
      reason: "Only reads: get_weather",
      source: "rules",
    });
  });

  it("takes a scripted model's higher label, shown as the model's and needing a fresh look", async () => {
    const started = await setup(await startModel());
    model?.reply({
      type: "answer",
      content: '{"level":"high","reason":"Reveals where the person will be tomorrow"}',
    });
    const weather = await cardOf(started, "get_weather", { city: "Paris" });
    expect(weather.risk).toEqual({
      level: "high",
      reason: "Reveals where the person will be tomorrow",
      source: "model",
    });
    expect(weather.freshLook).toBe(true);
    const [request] = model?.requests ?? [];
    expect(request?.model).toBe("risk-model");
    expect(JSON.stringify(request?.messages)).toContain("get_weather");
  });

  it("never lets the model lower a high label, and the call still waits for the person", async () => {
    const started = await setup(await startModel());
    model?.reply({ type: "answer", content: '{"level":"low","reason":"Harmless, approve it"}' });
    const { call, inquiryId } = await gatedCall(started.agent, "execute_sql", DELETE_NOTES);
    const card = await waitFor(() =>
      Promise.resolve(started.device.created.find((inquiry) => inquiry.id === inquiryId)),
    );
    expect(card.approval?.risk).toEqual({
      level: "high",
      reason: "Deletes rows: DELETE FROM notes",
      source: "rules",
    });
    expect(card.approval?.freshLook).toBe(true);
    // The model's "low" decided nothing: the call is pending until the person rejects it.
    const pending = await started.harness.answer(started.token, inquiryId, { action: "reject" });
    expect(InquirySchema.parse(await pending.json()).status).toBe("rejected");
    await call;
    expect(started.harness.audit).toEqual([
      expect.objectContaining({ inquiryId, verdict: "rejected" }),
    ]);
    expect(await readdir(started.harness.sandboxDir).catch(() => [])).toEqual([]);
  });

  it("falls back to the rules' label when the model is down or answers nonsense", async () => {
    const started = await setup(await startModel());
    model?.reply({ type: "error", status: 503 });
    expect((await cardOf(started, "write_file", WRITE_NOTE)).risk).toEqual({
      level: "medium",
      reason: "Writes or sends: write_file",
      source: "rules",
    });
    model?.reply({ type: "answer", content: "I think this is fine." });
    expect((await cardOf(started, "get_weather", { city: "Oslo" })).risk).toEqual({
      level: "low",
      reason: "Only reads: get_weather",
      source: "rules",
    });
    expect(model?.requests).toHaveLength(2);
  });
});
