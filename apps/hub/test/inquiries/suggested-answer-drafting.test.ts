import { afterEach, describe, expect, it } from "vitest";
import { InquirySchema } from "@inquiry-hub/protocol";
import type { HubConfig } from "../../src/index";
import { loadConfig } from "../../src/config/env";
import { callUntilOpened, resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { startFakeDraftingModel } from "../support/fake-drafting-model";
import type { FakeDraftingModel } from "../support/fake-drafting-model";

describe("suggested answers drafted by the assistant (HUB_SUGGEST_*)", () => {
  let hub: TestHub | undefined;
  let model: FakeDraftingModel | undefined;
  afterEach(async () => {
    await hub?.close();
    await model?.close();
    hub = model = undefined;
  });

  async function setup(drafting: boolean, timeoutMs = 2000) {
    model = await startFakeDraftingModel();
    const answerDrafting: HubConfig["answerDrafting"] = drafting
      ? { baseUrl: model.baseUrl, model: "draft-model", timeoutMs }
      : undefined;
    hub = await startTestHub({ answerDrafting });
    const login = await hub.registerUser("draft");
    return { hub, model, token: login.token, client: await hub.connectMcp(login.token) };
  }

  /**
   * Starts send_inquiry over MCP and reads what the card would offer (the INQUIRY meta and
   * the stored record); `finish` answers with `response`, or declines when given none.
   */
  async function ask(
    testHub: TestHub,
    token: string,
    client: Awaited<ReturnType<TestHub["connectMcp"]>>,
    args: Record<string, unknown>,
  ) {
    const opened = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: args },
      "INQUIRY",
    );
    const stored = InquirySchema.parse(
      await (await testHub.request(`/api/inquiries/${opened.inquiryId}`, { token })).json(),
    );
    const finish = async (response?: string) => {
      const answered = await testHub.request(`/api/inquiries/${opened.inquiryId}/answer`, {
        token,
        body: response === undefined ? { action: "reject" } : { action: "answer", response },
      });
      expect(answered.status).toBe(200);
      return resultText(await opened.call);
    };
    return { meta: opened.opened, stored, finish };
  }

  it("drafts a suggestion when the agent gave none, on the record and the INQUIRY meta", async () => {
    const { hub: testHub, model: fake, token, client } = await setup(true);
    fake.reply({ type: "answer", content: "  blue \n" });
    const { meta, stored, finish } = await ask(testHub, token, client, {
      prompt: "Which colour?",
      options: ["red", "blue"],
    });
    expect(meta).toMatchObject({ suggestedAnswer: "blue", suggestedBy: "assistant" });
    expect(stored).toMatchObject({ suggestedAnswer: "blue", suggestedBy: "assistant" });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.model).toBe("draft-model");
    const [system, user] = fake.requests[0]?.messages ?? [];
    expect(system?.content).toMatch(/on behalf of a person/);
    expect(user?.content).toBe("Question:\nWhich colour?\n\nOptions:\n- red\n- blue");
    expect(await finish(stored.suggestedAnswer ?? "")).toBe("blue");
  });

  it("keeps the agent's own suggestion and drafts nothing for it or for questionnaires", async () => {
    const { hub: testHub, model: fake, token, client } = await setup(true);
    fake.reply({ type: "answer", content: "green" });
    const given = await ask(testHub, token, client, { prompt: "Colour?", suggested_answer: "red" });
    expect(given.meta).toMatchObject({ suggestedAnswer: "red", suggestedBy: "agent" });
    await given.finish("red");
    const form = await ask(testHub, token, client, {
      prompt: "Trip",
      questions: [{ id: "city", text: "Where to?", kind: "text" }],
    });
    expect(form.stored.suggestedAnswer).toBeUndefined();
    await form.finish();
    expect(fake.requests).toEqual([]);
  });

  it("offers no suggestion when drafting is off", async () => {
    const { hub: testHub, model: fake, token, client } = await setup(false);
    fake.reply({ type: "answer", content: "blue" });
    const { meta, stored, finish } = await ask(testHub, token, client, { prompt: "Colour?" });
    expect(meta.suggestedAnswer).toBeUndefined();
    expect(stored.suggestedAnswer).toBeUndefined();
    expect(stored.suggestedBy).toBeUndefined();
    expect(fake.requests).toEqual([]);
    expect(await finish("teal")).toBe("teal");
  });

  it("asks without a suggestion when the model fails or is too slow", async () => {
    const { hub: testHub, model: fake, token, client } = await setup(true, 300);
    fake.reply({ type: "error", status: 500 });
    const failed = await ask(testHub, token, client, { prompt: "Colour?" });
    expect(failed.stored.suggestedAnswer).toBeUndefined();
    expect(await failed.finish("teal")).toBe("teal");

    fake.reply({ type: "stall", ms: 5000 });
    const started = Date.now();
    const slow = await ask(testHub, token, client, { prompt: "Size?" });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(slow.meta.suggestedAnswer).toBeUndefined();
    expect(slow.stored.suggestedAnswer).toBeUndefined();
    expect(await slow.finish("large")).toBe("large");
    expect(fake.requests).toHaveLength(2);
  });

  it("reads HUB_SUGGEST_* together and refuses half a configuration", () => {
    expect(loadConfig({}).answerDrafting).toBeUndefined();
    expect(
      loadConfig({
        HUB_SUGGEST_BASE_URL: "http://127.0.0.1:9/v1",
        HUB_SUGGEST_MODEL: "m",
        HUB_SUGGEST_TIMEOUT_SECONDS: "2",
      }).answerDrafting,
    ).toEqual({ baseUrl: "http://127.0.0.1:9/v1", apiKey: undefined, model: "m", timeoutMs: 2000 });
    expect(() => loadConfig({ HUB_SUGGEST_MODEL: "m" })).toThrow(/HUB_SUGGEST_BASE_URL/);
    expect(() => loadConfig({ HUB_SUGGEST_API_KEY: "k" })).toThrow(/HUB_SUGGEST_API_KEY/);
    expect(() => loadConfig({ HUB_SUGGEST_BASE_URL: "ftp://x", HUB_SUGGEST_MODEL: "m" })).toThrow(
      /HUB_SUGGEST_BASE_URL/,
    );
  });
});
