import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MODEL_ID, createAgentServer } from "../src/index";
import type { AgentServer } from "../src/index";

/**
 * The exact error bodies the agent answers with before any MCP server is reached. The web
 * app and the official `openai` client read `status`, `type`, `code` and `message`, so each
 * is pinned whole.
 */

let agentUrl: URL;
let agent: AgentServer;
/** Stands in for a hub that refuses the bearer on its MCP endpoint. */
let refusingHub: Server;

async function listen(server: Server): Promise<URL> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

beforeAll(async () => {
  refusingHub = createServer((_req, res) => {
    res.writeHead(401, { "content-type": "application/json" }).end('{"error":"no"}');
  });
  const hubUrl = await listen(refusingHub);
  agent = createAgentServer({
    hubMcpUrl: new URL("/mcp", hubUrl).href,
    demoToolsMcpUrl: new URL("/mcp", hubUrl).href,
    mcpTimeoutSeconds: 5,
    maxSteps: 2,
  });
  agentUrl = await listen(agent.httpServer);
});

afterAll(async () => {
  await agent.close();
  refusingHub.closeAllConnections();
  await new Promise((resolve) => refusingHub.close(resolve));
});

async function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL("/v1/chat/completions", agentUrl), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

const hi = (model: string): string =>
  JSON.stringify({ model, messages: [{ role: "user", content: "hi" }] });

describe("error bodies on the wire", () => {
  it("an unknown route is a 404 not_found", async () => {
    const response = await fetch(new URL("/v2/nothing", agentUrl));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { message: "Unknown route.", type: "not_found_error", param: null, code: "not_found" },
    });
  });

  it("malformed JSON is a 400 with express's message and no code", async () => {
    const response = await post("{not json");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: expect.stringMatching(/JSON/) as unknown,
        type: "invalid_request_error",
        param: null,
        code: null,
      },
    });
  });

  it("an oversized body keeps express's 413", async () => {
    const response = await post(JSON.stringify({ padding: "x".repeat(5 * 1024 * 1024 + 1) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: {
        message: "request entity too large",
        type: "invalid_request_error",
        param: null,
        code: null,
      },
    });
  });

  it("a body that is no chat request is a 400 invalid_body", async () => {
    const response = await post(JSON.stringify({ model: DEMO_MODEL_ID, messages: [] }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: "invalid_request_error", param: null, code: "invalid_body" },
    });
  });

  it("a missing bearer is a 401 missing_api_key", async () => {
    const response = await post(hi(DEMO_MODEL_ID));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message: "Missing bearer token: send `Authorization: Bearer <user token>`.",
        type: "authentication_error",
        param: null,
        code: "missing_api_key",
      },
    });
  });

  it("an unknown model is a 404 model_not_found naming the models there are", async () => {
    const response = await post(hi("gpt-nope"), { authorization: "Bearer t" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        message: `The model "gpt-nope" does not exist; available: ${DEMO_MODEL_ID}.`,
        type: "not_found_error",
        param: null,
        code: "model_not_found",
      },
    });
  });

  it("a hub refusing the bearer is a 401 invalid_api_key", async () => {
    const response = await post(hi(DEMO_MODEL_ID), { authorization: "Bearer t" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message: "The hub rejected the bearer token; log in again.",
        type: "authentication_error",
        param: null,
        code: "invalid_api_key",
      },
    });
  });
});
