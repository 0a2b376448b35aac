import { createServer } from "node:http";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatCompletion, ChatCompletionCreateParams } from "openai/resources/chat/completions";

/** How the fake model answers: a draft, an HTTP error, or nothing for `ms` (slow model). */
export type DraftingReply =
  | { type: "answer"; content: string }
  | { type: "error"; status: number }
  | { type: "stall"; ms: number };

/** A minimal non-streaming OpenAI-compatible chat completions API on loopback. */
export interface FakeDraftingModel {
  /** The API root for HUB_SUGGEST_BASE_URL, `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  /** Request bodies received so far. */
  readonly requests: ChatCompletionCreateParams[];
  /** Sets how the following requests are answered. */
  reply(next: DraftingReply): void;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<ChatCompletionCreateParams> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString("utf8")) as ChatCompletionCreateParams;
}

function completion(model: string, content: string): ChatCompletion {
  return {
    id: "chatcmpl-draft",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        finish_reason: "stop",
        logprobs: null,
        message: { role: "assistant", content, refusal: null },
      },
    ],
  };
}

export async function startFakeDraftingModel(): Promise<FakeDraftingModel> {
  const requests: ChatCompletionCreateParams[] = [];
  let next: DraftingReply = { type: "error", status: 500 };
  const stalls = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    void readJson(req).then((body) => {
      requests.push(body);
      const reply = next;
      switch (reply.type) {
        case "answer":
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(completion(body.model, reply.content)));
          return;
        case "error":
          res.writeHead(reply.status, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "scripted failure", type: "test" } }));
          return;
        case "stall": {
          const timer = setTimeout(() => {
            stalls.delete(timer);
            res.writeHead(200, { "content-type": "application/json" });
            res.end(JSON.stringify(completion(body.model, "too late")));
          }, reply.ms);
          stalls.add(timer);
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(reply) {
      next = reply;
    },
    close() {
      for (const timer of stalls) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
