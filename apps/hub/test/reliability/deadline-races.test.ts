import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProgressRecorder, resultText } from "../helpers";
import type { TestLogin } from "../helpers";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSockets, TestDevice } from "../socket-helpers";
import { answerByHttp, answerBySocket, mapLimited } from "./support/answer-attempts";
import type { Attempt } from "./support/answer-attempts";
import { classify, describeRace } from "./support/race-outcome";
import type { Race } from "./support/race-outcome";
import { seededRandom } from "./support/seeded-random";
import { startTwoNodes } from "./support/two-nodes";
import type { TwoNodes } from "./support/two-nodes";
import { SIZES, budgetMs, report } from "./scale";

/** Client deadline of each call: short, so a thousand races fit in a test run. */
const TIMEOUT_SECONDS = 0.4;
const IN_FLIGHT = 25;

/**
 * Invariants 1 and 2 at the deadline: each MCP call (held on node A or B) is answered by a
 * device within ±50 ms of expiresAt while the hub's backstop (grace 0) fires, and for a third
 * the agent also sends its own `timeout` answer. Whatever wins, the caller's result is that
 * winner: never an accepted answer after a timeout was returned. Each call's outcome is counted
 * only when the caller's result, the store, the answer attempts and the device's withdrawn
 * event all name the same winner; any disagreement fails the test with its details.
 */
describe("answers racing the deadline", () => {
  let nodes: TwoNodes;
  let sockets: DeviceSockets;
  let owner: TestLogin;
  let agent: TestLogin;
  let device: TestDevice;
  let clients: Client[];

  beforeAll(async () => {
    nodes = await startTwoNodes({ timeoutGraceSeconds: 0, heartbeatSeconds: 30 });
    owner = await nodes.a.registerUser("deadline", "phone");
    agent = await nodes.b.login(owner.username, "agent");
    sockets = createDeviceSockets(nodes.b.url);
    device = await sockets.connect({ token: owner.token });
    const query = `?timeout=${TIMEOUT_SECONDS}`;
    clients = await Promise.all([
      nodes.a.connectMcp(agent.token, query),
      nodes.b.connectMcp(agent.token, query),
    ]);
  });
  afterAll(async () => {
    sockets.closeAll();
    await nodes.close();
  });

  it(
    `${SIZES.deadlineRaces} answers fired within ±50 ms of the deadline resolve one way each`,
    async () => {
      const random = seededRandom();

      const raceOne = async (index: number): Promise<Race> => {
        const client = clients[index % 2] as Client;
        const progress = createProgressRecorder();
        const prompt = `Deadline ${index}`;
        const call = client
          .callTool({ name: "send_inquiry", arguments: { prompt } }, undefined, {
            onprogress: progress.onprogress,
          })
          .then(resultText);
        const opened = await progress.next("INQUIRY");
        if (opened.type !== "INQUIRY" || opened.expiresAt === undefined)
          throw new Error("expected the INQUIRY meta with its deadline");
        const fireAt = Date.parse(opened.expiresAt) + random.int(-50, 50);
        const agentTimesOut = index % 3 === 0;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, fireAt - Date.now())));
        const [human, auto] = await Promise.all([
          answerBySocket(device.socket, opened.inquiryId, { response: prompt }),
          agentTimesOut
            ? answerByHttp(nodes.a, agent.token, opened.inquiryId, { action: "timeout" })
            : Promise.resolve<Attempt | undefined>(undefined),
        ]);
        const text = await call;
        const stored = await nodes.a.hub.inquiries.get(owner.userId, opened.inquiryId);
        return { prompt, text, human, auto, stored };
      };

      const indexes = Array.from({ length: SIZES.deadlineRaces }, (_, index) => index);
      const races = await mapLimited(indexes, IN_FLIGHT, raceOne);
      const ids = races.map((race) => race.stored.id);
      await expect
        .poll(() => ids.every((id) => device.withdrawn.some((each) => each.inquiryId === id)), {
          timeout: 10_000,
        })
        .toBe(true);
      const tally = { answered: 0, agentTimeout: 0, backstopTimeout: 0 };
      const disagreements: string[] = [];
      for (const race of races) {
        const seen = device.withdrawn.filter((each) => each.inquiryId === race.stored.id);
        const outcome = classify(race, seen, { phone: owner.deviceId, agent: agent.deviceId });
        if (outcome === undefined) disagreements.push(describeRace(race, seen));
        else tally[outcome] += 1;
      }
      report(
        `deadline races ${SIZES.deadlineRaces} calls: ${tally.answered} answered by the device, ` +
          `${tally.agentTimeout} timed out by the agent's answer, ` +
          `${tally.backstopTimeout} timed out by the hub's backstop, ` +
          `${disagreements.length} where the caller's result, the stored status, the answer ` +
          `attempts and the device's withdrawn event disagree`,
      );
      expect(disagreements).toEqual([]);
    },
    budgetMs(60_000, 600_000),
  );
});
