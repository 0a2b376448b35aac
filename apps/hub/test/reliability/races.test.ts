import type { Inquiry } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestLogin } from "../helpers";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSockets, TestDevice } from "../socket-helpers";
import { answerByHttp, answerBySocket, mapLimited } from "./support/answer-attempts";
import type { Attempt } from "./support/answer-attempts";
import { seededRandom } from "./support/seeded-random";
import { startTwoNodes } from "./support/two-nodes";
import type { TwoNodes } from "./support/two-nodes";
import { SIZES, budgetMs, report } from "./scale";

/** Inquiries raced at once; bounds sockets' and Redis' queues on a small CI machine. */
const IN_FLIGHT = 100;

/**
 * Invariant 1 under load: two nodes on one Redis, one user with two devices on each node.
 * Every inquiry gets 2–5 concurrent answers, each over HTTP or a socket ack on either node.
 */
describe("races across two nodes", () => {
  let nodes: TwoNodes;
  const sockets: DeviceSockets[] = [];
  let logins: TestLogin[];
  let devices: TestDevice[];

  beforeAll(async () => {
    nodes = await startTwoNodes();
    const owner = await nodes.a.registerUser("racer", "A1");
    logins = [
      owner,
      await nodes.a.login(owner.username, "A2"),
      await nodes.b.login(owner.username, "B1"),
      await nodes.b.login(owner.username, "B2"),
    ];
    devices = await Promise.all(
      logins.map((login, index) => {
        const factory = createDeviceSockets(index < 2 ? nodes.a.url : nodes.b.url);
        sockets.push(factory);
        return factory.connect({ token: login.token });
      }),
    );
  });
  afterAll(async () => {
    for (const factory of sockets) factory.closeAll();
    await nodes.close();
  });

  it(
    `${SIZES.raceInquiries} inquiries × 2–5 concurrent answers: one accepted, the rest CONFLICT naming the winner`,
    async () => {
      const random = seededRandom();
      const owner = logins[0] as TestLogin;
      let accepted = 0;
      let conflicts = 0;
      let doubles = 0;
      let answers = 0;

      const raceOne = async (index: number): Promise<void> => {
        const creator = index % 2 === 0 ? nodes.a : nodes.b;
        const inquiry = await creator.hub.inquiries.create(owner.userId, { question: `R${index}` });
        const attempts = Array.from({ length: random.int(2, 5) }, (_, which): Promise<Attempt> => {
          const device = random.int(0, 3);
          const body = { response: `${index}:${which}` };
          const login = logins[device] as TestLogin;
          return random.int(0, 1) === 0
            ? answerByHttp(device < 2 ? nodes.a : nodes.b, login.token, inquiry.id, body)
            : answerBySocket((devices[device] as TestDevice).socket, inquiry.id, body);
        });
        const outcomes = await Promise.all(attempts);
        answers += outcomes.length;
        const winners = outcomes.filter((outcome) => outcome.ok);
        if (winners.length !== 1) {
          doubles += Math.max(0, winners.length - 1);
          throw new Error(`inquiry ${inquiry.id}: ${winners.length} answers accepted`);
        }
        accepted += 1;
        const winnerId = (winners[0] as { inquiry: Inquiry }).inquiry.resolution?.byDeviceId;
        const winnerName = logins.find((login) => login.deviceId === winnerId)?.deviceName;
        for (const loser of outcomes.filter((outcome) => !outcome.ok)) {
          expect(loser).toMatchObject({
            code: "CONFLICT",
            message: `inquiry already answered on "${winnerName}" (device ${winnerId})`,
          });
          if (!loser.ok && loser.status !== 0) expect(loser.status).toBe(409);
          conflicts += 1;
        }
      };

      const indexes = Array.from({ length: SIZES.raceInquiries }, (_, index) => index);
      await mapLimited(indexes, IN_FLIGHT, raceOne);
      report(
        `races ${SIZES.raceInquiries} inquiries, ${answers} answers, ${accepted} accepted, ` +
          `${conflicts} conflicts naming the winner, ${doubles} double`,
      );
      expect(accepted).toBe(SIZES.raceInquiries);
      expect(conflicts).toBe(answers - accepted);
      const pending = await nodes.b.hub.inquiries.list(owner.userId, "pending");
      expect(pending).toEqual([]);
    },
    budgetMs(60_000, 600_000),
  );
});
