import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HistoryDetailSchema } from "@inquiry-hub/protocol";
import type { InquiryProgress } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { resultText, waitFor } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { gatedCall } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { signIn, startAfterTeamSetup } from "../support/team-restart";
import type { TeamAccount } from "../support/team-restart";
import { jsonRequest } from "../support/raw-requests";

const OPS = `ops-${randomUUID().slice(0, 8)}`;
const ONCALL = `oncall-${randomUUID().slice(0, 8)}`;

/** INSERTs need two people of OPS; write_file goes to OPS, then to ONCALL after 0.4 s. */
function toolsFor(opsId: string, oncallId: string) {
  return {
    execute_sql: {
      when: [{ arg: "query", sql: ["insert"] }],
      approvers: { team_id: opsId },
      approvals_required: 2,
    },
    write_file: {
      approvers: { team_id: opsId },
      escalate_to: [{ team_id: oncallId, after_seconds: 0.4 }],
      timeout_seconds: 10,
    },
  };
}

const NAMES = ["a", "b", "c", "d", "e", "f"] as const;

interface Person {
  name: string;
  token: string;
  userId: string;
  devices: TestDevice[];
  progress: InquiryProgress[];
}

describe("team approvals: two-person rule, viewers, rejects, escalation", () => {
  let harness: ProxyHarness;
  let agent: Client;
  const people: Record<"a" | "b" | "c" | "d" | "e" | "f", Person> = {} as never;

  function call(method: string, url: string, token: string, body?: unknown) {
    return jsonRequest(new URL(url, harness.hubUrl), token, method, body);
  }

  async function person(account: TeamAccount, deviceCount = 1): Promise<Person> {
    const found: Person = {
      name: account.username,
      token: await signIn(harness, account),
      userId: account.userId,
      devices: [],
      progress: [],
    };
    for (let index = 0; index < deviceCount; index += 1) {
      const device = await harness.devices.connect({ token: await signIn(harness, account) });
      device.socket.on("inquiry:progress", (progress) => found.progress.push(progress));
      found.devices.push(device);
    }
    return found;
  }

  beforeAll(async () => {
    const started = await startAfterTeamSetup(async (setup) => {
      const accounts = Object.fromEntries(
        await Promise.all(NAMES.map(async (name) => [name, await setup.register(name)] as const)),
      ) as Record<(typeof NAMES)[number], TeamAccount & { token: string }>;
      const ops = await setup.createTeam(accounts.b, OPS);
      await setup.join(accounts.b, ops.id, accounts.c, "approver");
      await setup.join(accounts.b, ops.id, accounts.f, "approver");
      await setup.join(accounts.b, ops.id, accounts.d, "viewer");
      const oncall = await setup.createTeam(accounts.e, ONCALL);
      return { tools: toolsFor(ops.id, oncall.id), state: accounts };
    });
    harness = started.harness;
    for (const name of NAMES)
      people[name] = await person(started.state[name], name === "b" ? 2 : 1);
    agent = await harness.connectAgent(people.a.token);
  });

  afterAll(() => harness.close());

  /** Rows the upstream's notes table holds with this title: the effect of forwarded INSERTs. */
  async function rowsTitled(title: string): Promise<number> {
    const select = await agent.callTool({
      name: "execute_sql",
      arguments: { query: "SELECT * FROM notes" },
    });
    return resultText(select).split(`"title": "${title}"`).length - 1;
  }

  function seen(device: TestDevice, inquiryId: string): Promise<unknown> {
    return waitFor(() => Promise.resolve(device.created.find((each) => each.id === inquiryId)));
  }

  function withdrawnOn(device: TestDevice, inquiryId: string): Promise<unknown> {
    return waitFor(() =>
      Promise.resolve(device.withdrawn.find((each) => each.inquiryId === inquiryId)),
    );
  }

  it("needs two different people: two devices of one approver count once", async () => {
    const title = `two-${randomUUID()}`;
    const { call: result, inquiryId } = await gatedCall(agent, "execute_sql", {
      query: `INSERT INTO notes (title) VALUES ('${title}')`,
    });
    const [b1, b2] = people.b.devices as [TestDevice, TestDevice];
    const c = people.c.devices[0] as TestDevice;
    const d = people.d.devices[0] as TestDevice;
    await Promise.all([b1, b2, c, d].map((device) => seen(device, inquiryId)));

    expect(await answerOver(b1.socket, { inquiryId, action: "approve" })).toMatchObject({
      data: { status: "pending" },
    });
    await waitFor(() =>
      Promise.resolve(people.d.progress.find((each) => each.inquiryId === inquiryId)),
    );
    expect(people.c.progress.at(-1)).toMatchObject({ inquiryId, approvals: 1, required: 2 });
    expect(await answerOver(b2.socket, { inquiryId, action: "approve" })).toMatchObject({
      error: { code: "CONFLICT" },
    });
    expect(await rowsTitled(title)).toBe(0);

    expect(await answerOver(c.socket, { inquiryId, action: "approve" })).toMatchObject({
      data: { status: "answered" },
    });
    expect(resultText(await result)).toContain("1 row inserted");
    expect(await rowsTitled(title)).toBe(1);
    const everyDevice = Object.values(people).flatMap((each) => each.devices);
    const audience = everyDevice.filter((device) => device !== people.e.devices[0]);
    await Promise.all(audience.map((device) => withdrawnOn(device, inquiryId)));
    const entry = harness.audit.find((each) => each.inquiryId === inquiryId);
    expect(entry?.votes?.map((vote) => vote.userId)).toEqual([people.b.userId, people.c.userId]);

    const detail = await call("GET", `/api/history/${inquiryId}`, people.a.token);
    expect(detail.status).toBe(200);
    expect(HistoryDetailSchema.parse(detail.body).votes).toEqual([
      expect.objectContaining({
        userId: people.b.userId,
        username: people.b.name,
        deviceId: expect.any(String) as unknown,
        decision: "approve",
      }),
      expect.objectContaining({
        userId: people.c.userId,
        username: people.c.name,
        decision: "approve",
      }),
    ]);
  });

  it("lets a viewer and the requester see but not decide (403)", async () => {
    const title = `viewer-${randomUUID()}`;
    const { call: result, inquiryId } = await gatedCall(agent, "execute_sql", {
      query: `INSERT INTO notes (title) VALUES ('${title}')`,
    });
    const d = people.d.devices[0] as TestDevice;
    await seen(d, inquiryId);
    expect(await answerOver(d.socket, { inquiryId, action: "approve" })).toMatchObject({
      error: { code: "FORBIDDEN" },
    });
    expect((await harness.answer(people.d.token, inquiryId, { action: "approve" })).status).toBe(
      403,
    );
    expect((await harness.answer(people.a.token, inquiryId, { action: "approve" })).status).toBe(
      403,
    );
    expect((await harness.answer(people.e.token, inquiryId, { action: "approve" })).status).toBe(
      404,
    );
    expect((await call("GET", `/api/inquiries/${inquiryId}`, people.d.token)).status).toBe(200);
    const listed = await call("GET", "/api/inquiries?status=pending", people.d.token);
    expect(listed.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: inquiryId })]),
    );

    expect(
      (await harness.answer(people.f.token, inquiryId, { action: "reject", reason: "no" })).status,
    ).toBe(200);
    expect(resultText(await result)).toContain("rejected");
    expect(await rowsTitled(title)).toBe(0);
  });

  it("ends at one approver's reject even after another approved", async () => {
    const title = `reject-${randomUUID()}`;
    const { call: result, inquiryId } = await gatedCall(agent, "execute_sql", {
      query: `INSERT INTO notes (title) VALUES ('${title}')`,
    });
    const c = people.c.devices[0] as TestDevice;
    await seen(c, inquiryId);
    expect((await harness.answer(people.b.token, inquiryId, { action: "approve" })).status).toBe(
      200,
    );
    expect(await answerOver(c.socket, { inquiryId, action: "reject" })).toMatchObject({
      data: { status: "rejected" },
    });
    expect(resultText(await result)).toContain("rejected");
    expect((await harness.answer(people.f.token, inquiryId, { action: "approve" })).status).toBe(
      409,
    );
    expect(await rowsTitled(title)).toBe(0);
  });

  it("forwards once when two second approvals race", async () => {
    const title = `race-${randomUUID()}`;
    const { call: result, inquiryId } = await gatedCall(agent, "execute_sql", {
      query: `INSERT INTO notes (title) VALUES ('${title}')`,
    });
    await seen(people.f.devices[0] as TestDevice, inquiryId);
    expect((await harness.answer(people.b.token, inquiryId, { action: "approve" })).status).toBe(
      200,
    );
    const racing = await Promise.all(
      [people.c, people.f].map((each) =>
        harness.answer(each.token, inquiryId, { action: "approve" }),
      ),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([200, 409]);
    await result;
    expect(await rowsTitled(title)).toBe(1);
  });

  it("lists an approval in its team's pending lists by the time it is announced", async () => {
    // A device that joins its rooms just after the announcement reads this list instead: the
    // approval must already be in it, or that device would never see it.
    const listedAtAnnouncement: Promise<string[]>[] = [];
    const stop = harness.hub.eventBus.subscribe((event) => {
      if (event.type !== "inquiry.created" || event.inquiry.sharedApproval === undefined) return;
      listedAtAnnouncement.push(
        harness.hub.inquiries
          .list(people.c.userId, "pending")
          .then((pending) => pending.map((each) => each.id)),
      );
    });
    try {
      const { call: result, inquiryId } = await gatedCall(agent, "execute_sql", {
        query: `INSERT INTO notes (title) VALUES ('listed-${randomUUID()}')`,
      });
      expect(listedAtAnnouncement).toHaveLength(1);
      expect(await listedAtAnnouncement[0]).toContain(inquiryId);
      expect(
        await answerOver((people.c.devices[0] as TestDevice).socket, {
          inquiryId,
          action: "reject",
        }),
      ).toMatchObject({ data: { status: "rejected" } });
      await result;
    } finally {
      stop();
    }
  });

  it("offers the call to the escalation team after the step timeout", async () => {
    const file = `escalated-${randomUUID()}.txt`;
    const { call: result, inquiryId } = await gatedCall(agent, "write_file", {
      path: file,
      content: "once",
    });
    const e = people.e.devices[0] as TestDevice;
    expect(e.created.some((each) => each.id === inquiryId)).toBe(false);
    expect((await harness.answer(people.e.token, inquiryId, { action: "approve" })).status).toBe(
      404,
    );
    const offered = await nextEvent(e.socket, "inquiry:new", (each) => each.id === inquiryId);
    expect(offered.sharedApproval?.teamName).toBe(OPS);
    expect(await answerOver(e.socket, { inquiryId, action: "approve" })).toMatchObject({
      data: { status: "answered" },
    });
    expect(resultText(await result)).not.toContain("not run");
    expect(await readFile(path.join(harness.sandboxDir, file), "utf8")).toBe("once");
    await Promise.all(
      [people.b, people.d, people.e].map((each) =>
        withdrawnOn(each.devices[0] as TestDevice, inquiryId),
      ),
    );
    expect(harness.audit.filter((each) => each.inquiryId === inquiryId)).toHaveLength(1);
  });
});
