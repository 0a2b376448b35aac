import { randomUUID } from "node:crypto";
import path from "node:path";
import { captureLogLines } from "@inquiry-hub/logging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBodySchema, InquirySchema, TeamSchema } from "@inquiry-hub/protocol";
import type { Inquiry, InquiryProgress } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { z } from "zod";
import { resultText, waitFor } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { fileExists, gatedCall } from "../support/proxy-harness";
import type { ProxyHarness } from "../support/proxy-harness";
import { signIn, startAfterTeamSetup } from "../support/team-restart";
import type { TeamAccount } from "../support/team-restart";
import { REDTEAM_SIZES } from "./scale";
import { jsonRequest } from "../support/raw-requests";

const OPS = `ops-${randomUUID().slice(0, 8)}`;
/** A well-formed team id that no team has: nobody can create a team with a chosen id. */
const GHOST = randomUUID();
const NAMES = ["owner", "p", "q", "r", "requester"] as const;
type Name = (typeof NAMES)[number];

interface Person {
  token: string;
  userId: string;
  device: TestDevice;
  progress: InquiryProgress[];
}

describe("red team, finding 9: approver teams are named by id and checked at vote time", () => {
  let harness: ProxyHarness;
  let agent: Client;
  let opsId: string;
  const hubLog = captureLogLines({ service: "hub" });
  /** The hub's warnings so far, as their messages. */
  const warnings = (): string[] =>
    hubLog
      .lines()
      .filter((line) => line.level === 40)
      .map((line) => String(line.msg));
  const people = {} as Record<Name, Person>;

  async function person(account: TeamAccount): Promise<Person> {
    const device = await harness.devices.connect({ token: await signIn(harness, account) });
    const progress: InquiryProgress[] = [];
    device.socket.on("inquiry:progress", (each) => progress.push(each));
    return { token: await signIn(harness, account), userId: account.userId, device, progress };
  }

  beforeAll(async () => {
    const started = await startAfterTeamSetup(
      async (setup) => {
        const accounts = Object.fromEntries(
          await Promise.all(NAMES.map(async (name) => [name, await setup.register(name)] as const)),
        ) as Record<Name, TeamAccount & { token: string }>;
        const ops = await setup.createTeam(accounts.owner, OPS);
        for (const name of ["p", "q", "r"] as const)
          await setup.join(accounts.owner, ops.id, accounts[name], "approver");
        const tools = {
          execute_sql: {
            when: [{ arg: "query", sql: ["insert"] }],
            approvers: { team_id: ops.id },
            approvals_required: 2,
            timeout_seconds: 60,
          },
          write_file: { approvers: { team_id: GHOST } },
        };
        return { tools, state: { accounts, opsId: ops.id } };
      },
      {},
      { logger: hubLog.logger },
    );
    harness = started.harness;
    opsId = started.state.opsId;
    for (const name of NAMES) people[name] = await person(started.state.accounts[name]);
    agent = await harness.connectAgent(people.requester.token);
    await waitFor(() => Promise.resolve(warnings().find((line) => line.includes(GHOST))));
  });

  afterAll(() => harness.close());

  function request(token: string, url: string, method = "GET", body?: unknown) {
    return jsonRequest(new URL(url, harness.hubUrl), token, method, body);
  }

  async function rowsTitled(title: string): Promise<number> {
    const select = await agent.callTool({
      name: "execute_sql",
      arguments: { query: "SELECT * FROM notes" },
    });
    return resultText(select).split(`"title": "${title}"`).length - 1;
  }

  /** The record as its requester reads it: proof the approval is still pending. */
  async function current(inquiryId: string): Promise<Inquiry> {
    const read = await request(people.requester.token, `/api/inquiries/${inquiryId}`);
    return InquirySchema.parse(read.body);
  }

  async function pendingIdsOf(token: string): Promise<string[]> {
    const listed = await request(token, "/api/inquiries?status=pending");
    return z
      .array(InquirySchema)
      .parse(listed.body)
      .map((each) => each.id);
  }

  /** A gated INSERT, offered to the team's devices; returns its call and inquiry id. */
  async function gatedInsert(title: string) {
    const opened = await gatedCall(agent, "execute_sql", {
      query: `INSERT INTO notes (title) VALUES ('${title}')`,
    });
    await waitFor(() =>
      Promise.resolve(people.q.device.created.find((each) => each.id === opened.inquiryId)),
    );
    return opened;
  }

  /** Ends a call the attack left pending: the owner rejects; nothing ran. */
  async function rejectAndCheck(call: Promise<unknown>, inquiryId: string, title: string) {
    const ended = await request(people.owner.token, `/api/inquiries/${inquiryId}/answer`, "POST", {
      action: "reject",
      reason: "red team",
    });
    expect(ended.status).toBe(200);
    expect(resultText(await call)).toContain("rejected");
    expect(await rowsTitled(title)).toBe(0);
  }

  function expectRefusal(body: unknown, code: string, message: RegExp): void {
    const { error } = ApiErrorBodySchema.parse(body);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  }

  it("finding 9: a team created with the configured team's name gets none of its approvals", async () => {
    const attacker = await harness.registerUser();
    const device = await harness.devices.connect({ token: attacker });
    for (let attempt = 0; attempt < REDTEAM_SIZES.repeats; attempt += 1) {
      const created = await request(attacker, "/api/teams", "POST", { name: OPS });
      expect(created.status).toBe(201);
      expect(TeamSchema.parse(created.body).id).not.toBe(opsId);
    }
    const title = `namesake-${randomUUID()}`;
    const { call, inquiryId } = await gatedInsert(title);

    expect(device.created.some((each) => each.id === inquiryId)).toBe(false);
    expect(await pendingIdsOf(attacker)).not.toContain(inquiryId);
    const http = await request(attacker, `/api/inquiries/${inquiryId}/answer`, "POST", {
      action: "approve",
    });
    expect(http.status).toBe(404);
    expect(await answerOver(device.socket, { inquiryId, action: "approve" })).toMatchObject({
      error: { code: "NOT_FOUND" },
    });
    expect((await current(inquiryId)).status).toBe("pending");
    expect(await rowsTitled(title)).toBe(0);
    await rejectAndCheck(call, inquiryId, title);
  });

  it("finding 9: a policy naming an unknown team id refuses the call and warned at startup", async () => {
    expect(warnings().find((line) => line.includes(GHOST))).toMatch(/demo\.write_file.*refused/);
    const file = `ghost-${randomUUID()}.txt`;
    const result = await agent.callTool({
      name: "write_file",
      arguments: { path: file, content: "never" },
    });
    expect(resultText(result)).toContain(`approver team ${GHOST} does not exist`);
    expect(await fileExists(path.join(harness.sandboxDir, file))).toBe(false);
    expect(await pendingIdsOf(people.requester.token)).toEqual([]);
  });

  it("finding 9: a removed approver's vote is refused over HTTP and the socket, and their earlier vote stops counting", async () => {
    const title = `removed-${randomUUID()}`;
    const { call, inquiryId } = await gatedInsert(title);
    const early = await request(people.p.token, `/api/inquiries/${inquiryId}/answer`, "POST", {
      action: "approve",
    });
    expect(early.status).toBe(200);
    const withdrawn = nextEvent(
      people.p.device.socket,
      "inquiry:withdrawn",
      (each) => each.inquiryId === inquiryId,
    );
    const removal = await request(
      people.owner.token,
      `/api/teams/${opsId}/members/${people.p.userId}`,
      "DELETE",
    );
    expect(removal.status).toBe(200);
    expect(await withdrawn).toMatchObject({ status: "cancelled" });
    await waitFor(() =>
      Promise.resolve(
        people.q.progress.find((each) => each.inquiryId === inquiryId && each.approvals === 0),
      ),
    );

    const http = await request(people.p.token, `/api/inquiries/${inquiryId}/answer`, "POST", {
      action: "approve",
    });
    expect(http.status).toBe(403);
    expectRefusal(http.body, "FORBIDDEN", new RegExp(`no longer a member of team ${OPS}`));
    const overSocket = await answerOver(people.p.device.socket, { inquiryId, action: "approve" });
    expect(overSocket).toMatchObject({ error: { code: "FORBIDDEN" } });
    expect(JSON.stringify(overSocket)).toContain(`no longer a member of team ${OPS}`);
    expect(await pendingIdsOf(people.p.token)).not.toContain(inquiryId);

    expect(
      await answerOver(people.q.device.socket, { inquiryId, action: "approve" }),
    ).toMatchObject({ data: { status: "pending" } });
    expect((await current(inquiryId)).status).toBe("pending");
    expect(await rowsTitled(title)).toBe(0);
    await rejectAndCheck(call, inquiryId, title);
  });

  it("finding 9: an approver demoted to viewer can no longer vote, over HTTP or the socket", async () => {
    const title = `demoted-${randomUUID()}`;
    const { call, inquiryId } = await gatedInsert(title);
    const withdrawn = nextEvent(
      people.r.device.socket,
      "inquiry:withdrawn",
      (each) => each.inquiryId === inquiryId,
    );
    const demotion = await request(
      people.owner.token,
      `/api/teams/${opsId}/members/${people.r.userId}`,
      "PATCH",
      { role: "viewer" },
    );
    expect(demotion.status).toBe(200);
    expect(await withdrawn).toMatchObject({ status: "cancelled" });

    const http = await request(people.r.token, `/api/inquiries/${inquiryId}/answer`, "POST", {
      action: "approve",
    });
    expect(http.status).toBe(403);
    expectRefusal(http.body, "FORBIDDEN", new RegExp(`role in team ${OPS} is now viewer`));
    expect(
      await answerOver(people.r.device.socket, { inquiryId, action: "approve" }),
    ).toMatchObject({ error: { code: "FORBIDDEN" } });
    expect((await current(inquiryId)).status).toBe("pending");
    expect(await rowsTitled(title)).toBe(0);
    await rejectAndCheck(call, inquiryId, title);
  });
});
