import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
} from "openai/resources/chat/completions";

/**
 * How the test server answers one request. A stream ends with `data: [DONE]` (`done`), just
 * stops without it (`truncate`), drops the connection (`disconnect`), or stays open until
 * the client goes away (`hang`).
 */
export type ScriptedReply =
  | {
      type: "stream";
      chunks: ChatCompletionChunk[];
      ending?: "done" | "truncate" | "disconnect" | "hang";
    }
  | { type: "error"; status: number; message: string; headers?: Record<string, string> };

/** A request the test server received. */
export interface ReceivedRequest {
  body: ChatCompletionCreateParamsStreaming;
  authorization: string | undefined;
}

/** A scripted OpenAI-compatible chat completions API on loopback. */
export interface FakeOpenAi {
  /** The API root to give the `openai` client, `http://127.0.0.1:<port>/v1`. */
  baseURL: string;
  /** Requests received since the last {@link FakeOpenAi.script}. */
  readonly requests: ReceivedRequest[];
  /** Requests whose connection closed before their reply was complete. */
  readonly abortedRequests: number;
  /** Sets how the following requests are answered and forgets earlier requests. */
  script(reply: (request: ReceivedRequest) => ScriptedReply): void;
  close(): Promise<void>;
}

const UNSCRIPTED: ScriptedReply = { type: "error", status: 500, message: "not scripted" };

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

function sendError(res: ServerResponse, reply: ScriptedReply & { type: "error" }): void {
  res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
  res.end(JSON.stringify({ error: { message: reply.message, type: "test", code: null } }));
}

/** Writes the chunks one event loop turn apart, so they travel as separate reads. */
async function sendStream(
  res: ServerResponse,
  reply: ScriptedReply & { type: "stream" },
): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const streamed of reply.chunks) {
    if (res.destroyed) return;
    res.write(`data: ${JSON.stringify(streamed)}\n\n`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  switch (reply.ending ?? "done") {
    case "done":
      res.end("data: [DONE]\n\n");
      return;
    case "truncate":
      res.end();
      return;
    case "disconnect":
      res.socket?.destroy();
      return;
    case "hang":
      return;
  }
}

/**
 * Starts the test server on 127.0.0.1, port 0. It speaks the streaming wire format of
 * `POST /v1/chat/completions` (`data: {chunk}` events, `data: [DONE]`) and answers each
 * request as the current script says, so a test plays the model turn by turn.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let reply: (request: ReceivedRequest) => ScriptedReply = () => UNSCRIPTED;
  let requests: ReceivedRequest[] = [];
  let abortedRequests = 0;

  const server = createServer((req, res) => {
    res.on("close", () => {
      if (!res.writableFinished) abortedRequests += 1;
    });
    void (async () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        sendError(res, { type: "error", status: 404, message: "unknown route" });
        return;
      }
      const request: ReceivedRequest = {
        body: JSON.parse(await readBody(req)) as ChatCompletionCreateParamsStreaming,
        authorization: req.headers.authorization,
      };
      requests.push(request);
      const scripted = reply(request);
      if (scripted.type === "error") sendError(res, scripted);
      else await sendStream(res, scripted);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    get abortedRequests() {
      return abortedRequests;
    },
    script(next) {
      reply = next;
      requests = [];
      abortedRequests = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
