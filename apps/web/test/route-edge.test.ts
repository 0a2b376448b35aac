import { createServer } from "node:http";
import type { IncomingHttpHeaders, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The route handlers themselves, called with real Request objects: each one that reads a body
 * refuses 30 MB with 413 before pulling it, the credential handlers pass the browser's
 * address on to the hub only as a trusted proxy reported it, and the catch-all relay lets
 * nothing off its allow-list through. The "hub" is a real HTTP server recording what it
 * receives and refusing every login (401), so no session is started.
 */
const MEGABYTE = 1024 * 1024;
const received: IncomingHttpHeaders[] = [];
let hub: Server;
let handlers: [string, string, Handler][];

beforeAll(async () => {
  hub = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    res.writeHead(401, { "content-type": "application/json", "retry-after": "7" });
    res.end(JSON.stringify({ error: { code: "UNAUTHORIZED", message: "no" } }));
  });
  await new Promise<void>((resolve) => hub.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("HUB_URL", `http://127.0.0.1:${(hub.address() as AddressInfo).port}`);
  vi.stubEnv("WEB_TRUSTED_PROXY_HOPS", "1");
  // Imported once the environment points at the stand-in hub, and once per file: compiling
  // the route modules is most of this file's time.
  handlers = await bodyHandlers();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => hub.close(resolve));
});

/** A 30 MB body (declared or chunked) and how many bytes anyone pulled from it. */
function hugeRequest(path: string, method: string, declareLength: boolean) {
  const meter = { pulledBytes: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (meter.pulledBytes >= 30 * MEGABYTE) {
          controller.close();
          return;
        }
        meter.pulledBytes += MEGABYTE;
        controller.enqueue(new Uint8Array(MEGABYTE).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (declareLength) headers["content-length"] = String(30 * MEGABYTE);
  const request = new Request(`http://localhost:3000${path}`, {
    method,
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { meter, request };
}

type Handler = (request: Request) => Promise<Response>;

/** The catch-all's context for the path `/api/<segments>`, as Next.js hands it over. */
function relayParams(...segments: string[]) {
  return { params: Promise.resolve({ path: segments }) };
}

async function bodyHandlers(): Promise<[string, string, Handler][]> {
  const login = await import("@/app/api/auth/login/route");
  const register = await import("@/app/api/auth/register/route");
  const claim = await import("@/app/api/pairing/claim/route");
  const relay = await import("@/app/api/[...path]/route");
  const push = await import("@/app/api/push/subscriptions/route");
  const webhook = await import("@/app/api/webhook-decisions/route");
  return [
    ["/api/auth/login", "POST", login.POST],
    ["/api/auth/register", "POST", register.POST],
    ["/api/pairing/claim", "POST", claim.POST],
    ["/api/settings", "PUT", (request) => relay.PUT(request, relayParams("settings"))],
    ["/api/conversations", "POST", (request) => relay.POST(request, relayParams("conversations"))],
    [
      "/api/conversations/c1",
      "PATCH",
      (request) => relay.PATCH(request, relayParams("conversations", "c1")),
    ],
    ["/api/push/subscriptions", "POST", push.POST],
    ["/api/push/subscriptions", "DELETE", push.DELETE],
    ["/api/webhook-decisions", "POST", webhook.POST],
  ];
}

describe("route handlers at the web's edge", () => {
  it("finding 6: every body-reading handler answers 30 MB with 413 before reading it", async () => {
    const before = received.length;
    for (const [path, method, handle] of handlers) {
      for (const declareLength of [true, false]) {
        const { meter, request } = hugeRequest(path, method, declareLength);
        const response = await handle(request);
        expect(response.status, `${method} ${path}`).toBe(413);
        expect(meter.pulledBytes, `${method} ${path}`).toBeLessThanOrEqual(
          declareLength ? 0 : 2 * MEGABYTE,
        );
      }
    }
    expect(received.length, "nothing reached the hub").toBe(before);
  });

  it("finding 7: the hub gets the address the trusted proxy appended, not a client's", async () => {
    const { POST } = await import("@/app/api/auth/login/route");
    const response = await POST(
      new Request("http://localhost:3000/api/auth/login", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": "127.0.0.1, 203.0.113.9",
        },
        body: JSON.stringify({ username: "alice", password: "wrong password" }),
      }),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(received.at(-1)?.["x-forwarded-for"]).toBe("203.0.113.9");
  });

  it("a body that does not fit its schema is refused with the route's 400, nothing sent", async () => {
    const agentKeys = await import("@/app/api/agent-keys/route");
    const push = await import("@/app/api/push/subscriptions/route");
    const webhook = await import("@/app/api/webhook-decisions/route");
    const before = received.length;
    const refusedFields: unknown[] = [];
    const refusal = async (handle: Handler, path: string, method: string, body: unknown) => {
      const response = await handle(
        new Request(`http://localhost:3000${path}`, { method, body: JSON.stringify(body) }),
      );
      expect(response.status, `${method} ${path}`).toBe(400);
      const { error } = ApiErrorBodySchema.parse(await response.json());
      refusedFields.push(error.details);
      return error.message;
    };
    expect(await refusal(agentKeys.POST, "/api/agent-keys", "POST", { name: 7 })).toMatch(
      /^Invalid agent key: name: /,
    );
    expect(await refusal(push.POST, "/api/push/subscriptions", "POST", { endpoint: 1 })).toBe(
      "Not a valid push subscription.",
    );
    expect(await refusal(push.DELETE, "/api/push/subscriptions", "DELETE", {})).toBe(
      "endpoint: a URL is required.",
    );
    expect(await refusal(webhook.POST, "/api/webhook-decisions", "POST", { token: 1 })).toBe(
      "This link is not valid.",
    );
    // Each refusal names its fields as the hub does, so the browser words them itself.
    const namedFields = refusedFields.map((details) =>
      z.array(z.object({ path: z.string(), message: z.string().min(1) })).parse(details),
    );
    expect(namedFields[0]?.map((field) => field.path)).toEqual(["name"]);
    expect(namedFields[2]?.map((field) => field.path)).toEqual(["endpoint"]);
    expect(received.length, "nothing reached the hub").toBe(before);
  });

  it("the catch-all relays only its allow-list: 404 off it, 405 a wrong method, nothing sent", async () => {
    const relay = await import("@/app/api/[...path]/route");
    const before = received.length;
    const call = async (method: "GET" | "POST" | "DELETE", segments: string[]) => {
      const request = new Request(`http://localhost:3000/api/${segments.join("/")}`, {
        method,
        headers: { authorization: "Bearer not-a-session", origin: "http://localhost:3000" },
      });
      const response = await relay[method](request, relayParams(...segments));
      return {
        status: response.status,
        allow: response.headers.get("allow"),
        body: ApiErrorBodySchema.parse(await response.json()),
      };
    };
    for (const segments of [
      ["auth", "me"],
      ["admin", "users"],
      ["agent-keys", "k1", "secret"],
    ]) {
      const refused = await call("GET", segments);
      expect(refused.status, segments.join("/")).toBe(404);
      expect(refused.body).toEqual({ error: { code: "NOT_FOUND", message: "No such API route." } });
    }
    for (const segments of [
      ["agent-keys", ".."],
      ["inquiries", "..", "receipts"],
      ["history", "."],
    ]) {
      const method = segments[0] === "agent-keys" ? "DELETE" : "GET";
      expect((await call(method, segments)).status, `${method} ${segments.join("/")}`).toBe(404);
    }
    const wrongMethod = await call("DELETE", ["settings"]);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.allow).toBe("GET, PUT");
    expect(wrongMethod.body.error.code).toBe("BAD_REQUEST");
    expect(received.length, "nothing reached the hub").toBe(before);
  });

  it("the catch-all refuses a state change from a foreign origin before anything else", async () => {
    const relay = await import("@/app/api/[...path]/route");
    const before = received.length;
    const response = await relay.POST(
      new Request("http://localhost:3000/api/pairing", {
        method: "POST",
        headers: { origin: "https://evil.example" },
      }),
      relayParams("pairing"),
    );
    expect(response.status).toBe(403);
    expect(received.length, "nothing reached the hub").toBe(before);
  });
});
