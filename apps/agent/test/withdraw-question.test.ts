import { captureLogLines } from "@inquiry-hub/logging";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { trackCallQuestions, withdrawQuestion } from "../src/tools/withdraw-question";

interface SeenRequest {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
}

const servers: Server[] = [];

/** A stand-in hub recording each request and answering it with `respond`. */
async function startHub(respond: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
    respond(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { seen, owner: { hubOrigin: `http://127.0.0.1:${port}`, headers: AUTHORIZATION } };
}

const AUTHORIZATION = { Authorization: "Bearer asking-credential" };

const answerCancelled = (_req: IncomingMessage, res: ServerResponse) => {
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ status: "cancelled" }));
};

const progressOf = (meta: Record<string, unknown>) => ({ progress: 0, _meta: meta });

afterEach(async () => {
  const closing = servers.splice(0).map(
    (server) =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  await Promise.all(closing);
});

describe("trackCallQuestions", () => {
  it("withdraws, with the call's credential, exactly the questions the call announced and did not see closed", async () => {
    const hub = await startHub(answerCancelled);
    const questions = trackCallQuestions(hub.owner, captureLogLines({ service: "t" }).logger);
    questions.observe(progressOf({ type: "INQUIRY", inquiryId: "asked", question: "Which city?" }));
    questions.observe(progressOf({ type: "APPROVAL", inquiryId: "approval", question: "Run?" }));
    questions.observe(
      progressOf({ type: "INQUIRY_CLOSED", inquiryId: "approval", status: "answered" }),
    );
    questions.observe(progressOf({ type: "INQUIRY_HEARTBEAT", inquiryId: "re-attached" }));
    questions.observe({ progress: 1, message: "not an inquiry" });

    await questions.withdraw();

    expect(hub.seen.map(({ url }) => url).sort()).toEqual([
      "/api/inquiries/asked/withdraw",
      "/api/inquiries/re-attached/withdraw",
    ]);
    expect(hub.seen.every(({ method }) => method === "POST")).toBe(true);
    expect(
      hub.seen.every(({ authorization }) => authorization === AUTHORIZATION.Authorization),
    ).toBe(true);

    await questions.withdraw();
    expect(hub.seen).toHaveLength(2);
  });

  it("withdraws nothing for a call that announced no question", async () => {
    const hub = await startHub(answerCancelled);
    const questions = trackCallQuestions(hub.owner, captureLogLines({ service: "t" }).logger);
    await questions.withdraw();
    expect(hub.seen).toEqual([]);
  });
});

describe("withdrawQuestion", () => {
  it("logs the hub's final status", async () => {
    const hub = await startHub(answerCancelled);
    const captured = captureLogLines({ service: "t" });
    await withdrawQuestion(hub.owner, "id with/slash", captured.logger);
    expect(hub.seen[0]?.url).toBe("/api/inquiries/id%20with%2Fslash/withdraw");
    expect(captured.lines()).toContainEqual(
      expect.objectContaining({ msg: "question withdrawn", status: "cancelled" }),
    );
  });

  it("logs a refusal instead of throwing", async () => {
    const hub = await startHub((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    const captured = captureLogLines({ service: "t" });
    await expect(withdrawQuestion(hub.owner, "other", captured.logger)).resolves.toBeUndefined();
    expect(captured.lines()).toContainEqual(
      expect.objectContaining({ msg: "hub refused to withdraw the question", status: 404 }),
    );
  });

  it("gives up on a hub that does not answer within the timeout, and logs it", async () => {
    const hub = await startHub(() => undefined);
    const captured = captureLogLines({ service: "t" });
    const started = Date.now();
    await withdrawQuestion(hub.owner, "held", captured.logger, 200);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(hub.seen).toHaveLength(1);
    expect(captured.lines()).toContainEqual(
      expect.objectContaining({ msg: "withdrawing the question failed", inquiryId: "held" }),
    );
  });

  it("logs a hub that cannot be reached", async () => {
    const captured = captureLogLines({ service: "t" });
    await withdrawQuestion(
      { hubOrigin: "http://127.0.0.1:1", headers: AUTHORIZATION },
      "lost",
      captured.logger,
    );
    expect(captured.lines()).toContainEqual(
      expect.objectContaining({ msg: "withdrawing the question failed", inquiryId: "lost" }),
    );
  });
});
