import { afterEach, describe, expect, it } from "vitest";
import { RESULT_OPENINGS } from "@inquiry-hub/protocol";
import type { Inquiry, SocketAck } from "@inquiry-hub/protocol";
import { resultText, startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";

const INQUIRIES = 200;
const BATCH = 50;

/** One answer attempt's outcome, whichever channel it used. */
type Attempt = { ok: true; inquiry: Inquiry } | { ok: false; code: string; message: string };

function fromAck(ack: SocketAck<Inquiry>): Attempt {
  return "data" in ack ? { ok: true, inquiry: ack.data } : { ok: false, ...ack.error };
}

describe("exactly one resolution", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  /** 200 × 3 racing answers take ~7 s alone; CI runs them beside the browser suite on 2 cores. */
  const RACE_TIMEOUT_MS = 60_000;

  it(
    `${INQUIRIES} MCP inquiries, each answered at once by three devices: one winner each`,
    async () => {
      const testHub = await startTestHub({
        heartbeatSeconds: 60,
        // One agent credential asks them all and holds every call.
        pendingInquiriesPerUser: INQUIRIES,
        pendingInquiriesPerCredential: INQUIRIES,
        heldCallCaps: { perCredential: INQUIRIES, perUser: INQUIRIES },
      });
      hub = testHub;
      const first = await testHub.registerUser("racer", "Device 1");
      const logins: TestLogin[] = [
        first,
        await testHub.login(first.username, "Device 2"),
        await testHub.login(first.username, "Device 3"),
      ];
      const agent = await testHub.login(first.username, "Agent");
      const devices: TestDevice[] = await Promise.all(
        logins.map((login) => testHub.devices.connect({ token: login.token })),
      );
      const [socketOne, socketTwo] = devices;
      if (!socketOne || !socketTwo) throw new Error("devices missing");

      const attemptsOf = (inquiryId: string): Promise<Attempt>[] => [
        answerOver(socketOne.socket, { inquiryId, response: `1:${inquiryId}` }).then(fromAck),
        answerOver(socketTwo.socket, { inquiryId, response: `2:${inquiryId}` }).then(fromAck),
        testHub
          .request(`/api/inquiries/${inquiryId}/answer`, {
            token: logins[2]?.token ?? "",
            body: { response: `3:${inquiryId}` },
          })
          .then(async (response) => {
            const body = (await response.json()) as { error?: { code: string; message: string } };
            return response.ok
              ? { ok: true as const, inquiry: body as Inquiry }
              : {
                  ok: false as const,
                  code: body.error?.code ?? "",
                  message: body.error?.message ?? "",
                };
          }),
      ];

      const clients = await Promise.all(
        Array.from({ length: INQUIRIES / BATCH }, () => testHub.connectMcp(agent.token)),
      );
      const calls = clients.flatMap((client, batch) =>
        Array.from({ length: BATCH }, (_, index) =>
          client
            .callTool({ name: "send_inquiry", arguments: { prompt: `Q${batch * BATCH + index}` } })
            .then(resultText),
        ),
      );
      await waitFor(
        () => Promise.resolve(socketOne.created.length === INQUIRIES ? true : undefined),
        15_000,
      );

      const attempts = await Promise.all(
        socketOne.created.map((inquiry) => Promise.all(attemptsOf(inquiry.id))),
      );
      const results = await Promise.all(calls);

      const accepted = attempts.flat().filter((attempt) => attempt.ok);
      const conflicts = attempts.flat().filter((attempt) => !attempt.ok);
      expect(accepted).toHaveLength(INQUIRIES);
      expect(conflicts).toHaveLength(2 * INQUIRIES);
      for (const perInquiry of attempts) {
        const winner = perInquiry.find((attempt) => attempt.ok)?.inquiry;
        const winnerId = winner?.resolution?.byDeviceId;
        const winnerName = logins.find((login) => login.deviceId === winnerId)?.deviceName;
        expect(winnerName).toBeDefined();
        for (const loser of perInquiry.filter((attempt) => !attempt.ok)) {
          expect(loser).toEqual({
            ok: false,
            code: "CONFLICT",
            message: `inquiry already answered on "${winnerName}" (device ${winnerId})`,
          });
        }
      }
      expect(results).toHaveLength(INQUIRIES);
      expect(new Set(results)).toEqual(
        new Set(
          accepted.map((attempt) => (attempt.ok ? attempt.inquiry.resolution?.response : "")),
        ),
      );
      await waitFor(() =>
        Promise.resolve(
          devices.every((device) => device.withdrawn.length === INQUIRIES) ? true : undefined,
        ),
      );
    },
    RACE_TIMEOUT_MS,
  );

  it("an answer racing the backstop timeout resolves one way only, and the agent hears that way", async () => {
    const testHub = await startTestHub({ timeoutGraceSeconds: 0, heartbeatSeconds: 60 });
    hub = testHub;
    const owner = await testHub.registerUser("timer", "Phone");
    const device = await testHub.devices.connect({ token: owner.token });
    const client = await testHub.connectMcp(owner.token, "?timeout=0.3");
    const count = 20;

    const outcomes = Array.from({ length: count }, async (_, index) => {
      const prompt = `Race ${index}`;
      const created = new Promise<Inquiry>((resolve) => {
        const listener = (inquiry: Inquiry): void => {
          if (inquiry.question !== prompt) return;
          device.socket.off("inquiry:new", listener);
          resolve(inquiry);
        };
        device.socket.on("inquiry:new", listener);
      });
      const call = client
        .callTool({ name: "send_inquiry", arguments: { prompt } })
        .then(resultText);
      const inquiry = await created;
      const jitterMs = (index % 5) * 10 - 20;
      const delayMs = Math.max(0, Date.parse(inquiry.expiresAt) - Date.now() + jitterMs);
      const ack = await new Promise<SocketAck<Inquiry>>((resolve) => {
        setTimeout(() => {
          answerOver(device.socket, { inquiryId: inquiry.id, response: prompt }).then(
            resolve,
            resolve,
          );
        }, delayMs);
      });
      return { inquiry, ack, text: await call };
    });

    for (const { inquiry, ack, text } of await Promise.all(outcomes)) {
      const final = await testHub.hub.inquiries.get(owner.userId, inquiry.id);
      if ("data" in ack) {
        expect(final.status).toBe("answered");
        expect(text).toBe(inquiry.question);
      } else {
        expect(final.status).toBe("timeout");
        expect(ack.error).toEqual({
          code: "CONFLICT",
          message: "inquiry already closed as timed out by the hub",
        });
        expect(text.startsWith(RESULT_OPENINGS.timeout)).toBe(true);
      }
      await waitFor(() =>
        Promise.resolve(
          device.withdrawn.some((each) => each.inquiryId === inquiry.id) ? true : undefined,
        ),
      );
      expect(device.withdrawn.filter((each) => each.inquiryId === inquiry.id)).toHaveLength(1);
    }
  });
});
