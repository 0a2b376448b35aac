import { randomUUID } from "node:crypto";
import { silentLogger } from "@inquiry-hub/logging";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HUB_CONFIG } from "../../src/index";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { createTeams } from "../../src/composition/team-wiring";
import type { Teams } from "../../src/composition/team-wiring";
import { createInquiryService } from "../../src/features/inquiries/inquiry-service";
import { createSettingsService } from "../../src/features/settings/settings-service";
import type { TeamApprovalRule } from "../../src/features/teams/approval-routing";
import { waitFor } from "../helpers";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** `HH:MM` in UTC, `minutes` from now. */
const utcTime = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);

/** One hub node's teams, wired as createHub wires them, on its own Redis connections. */
interface Node {
  infra: RedisInfra;
  teams: Teams;
  /** Each escalation this node announced, as `inquiryId:step`. */
  escalated: string[];
}

async function startNode(redisUrl: string, keyPrefix: string): Promise<Node> {
  const infra = createRedisInfra({ url: redisUrl, keyPrefix, leaseSeconds: 3, log: () => {} });
  await infra.ready();
  const logger = silentLogger();
  const validateArguments = () => undefined;
  const inquiries = createInquiryService(
    { store: infra.inquiryStore, bus: infra.eventBus, validateArguments, logger },
    { defaultTimeoutMs: 10_000, timeoutGraceMs: 1_000 },
  );
  const core = {
    inquiries,
    store: infra.inquiryStore,
    users: infra.userStore,
    settings: createSettingsService({ store: infra.settingsStore }),
    validateArguments,
    deviceName: () => Promise.resolve(undefined),
    logger,
  };
  const teams = createTeams(DEFAULT_HUB_CONFIG, core, infra);
  const escalated: string[] = [];
  teams.onEscalated((inquiry, _newcomers, step) => escalated.push(`${inquiry.id}:${step}`));
  return { infra, teams, escalated };
}

/** Two nodes on one redis-server both follow one team approval; each step is offered once. */
describe("early escalation across nodes", () => {
  let redis: TestRedisServer;
  let nodes: [Node, Node];
  let rule: TeamApprovalRule;
  const asker = randomUUID();

  beforeAll(async () => {
    redis = await startRedisServer();
    const prefix = `escalation-${randomUUID()}:`;
    nodes = [await startNode(redis.url, prefix), await startNode(redis.url, prefix)];
    const teamStore = nodes[0].infra.teamStore;
    const team = async (name: string) => {
      const id = randomUUID();
      const member = {
        userId: randomUUID(),
        role: "owner" as const,
        joinedAt: "2026-01-01T00:00:00.000Z",
      };
      await teamStore.create({ id, name, createdAt: member.joinedAt }, member);
      return { teamId: id, role: "approver" as const };
    };
    rule = {
      approvers: await team("ops"),
      required: 1,
      rejectEnds: true,
      selfApproval: false,
      escalateTo: [
        { ...(await team("oncall")), afterSeconds: 8 },
        { ...(await team("backup")), afterSeconds: 9 },
      ],
    };
  });
  afterAll(async () => {
    for (const node of nodes) await node.infra.close();
    await redis.stop();
  });

  /** Asks on the first node and lets both follow; returns the approval and the stop. */
  async function askOnBothNodes() {
    const [first] = nodes;
    const inquiry = await first.teams.inquiries.create(asker, {
      type: "APPROVAL",
      question: "Write the file?",
      timeoutMs: 10_000,
      approval: {
        upstream: "demo",
        tool: "write_file",
        arguments: { path: "a.txt" },
        allowedDecisions: ["approve", "reject"],
        description: "Write a file",
      },
      sharedApproval: await first.teams.proxy.route(rule, asker),
    });
    const stops = nodes.map((node) => node.teams.proxy.followEscalations(inquiry));
    return { inquiry, stop: () => stops.forEach((stop) => stop()) };
  }
  const announced = (inquiryId: string) =>
    nodes.flatMap((node) => node.escalated).filter((each) => each.startsWith(`${inquiryId}:`));

  it("offers each step once when a tenth of the time is left (the plan's share)", async () => {
    const routing = { pushAfterSeconds: 0, webhookAfterSeconds: null, escalateAtShareLeft: 0.9 };
    // Settings live in Redis: saved through the other node, read by both.
    await createSettingsService({ store: nodes[1].infra.settingsStore }).update(asker, {
      routing,
      quietHours: null,
    });
    const { inquiry, stop } = await askOnBothNodes();
    await waitFor(() => Promise.resolve(announced(inquiry.id).length >= 2 || undefined));
    expect(Date.now() - Date.parse(inquiry.createdAt)).toBeLessThan(8_000);
    await settle(500);
    stop();
    expect(announced(inquiry.id).sort()).toEqual([`${inquiry.id}:1`, `${inquiry.id}:2`]);
  });

  it("offers each step once at once in the asker's quiet hours with escalate", async () => {
    const quietHours = {
      start: utcTime(-1),
      end: utcTime(2),
      timeZone: "UTC",
      during: "escalate" as const,
    };
    await createSettingsService({ store: nodes[0].infra.settingsStore }).update(asker, {
      routing: null,
      quietHours,
    });
    const { inquiry, stop } = await askOnBothNodes();
    await waitFor(() => Promise.resolve(announced(inquiry.id).length >= 2 || undefined));
    expect(Date.now() - Date.parse(inquiry.createdAt)).toBeLessThan(3_000);
    await settle(500);
    stop();
    expect(announced(inquiry.id).sort()).toEqual([`${inquiry.id}:1`, `${inquiry.id}:2`]);
  });
});
