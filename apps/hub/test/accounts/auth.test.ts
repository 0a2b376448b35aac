import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBodySchema, AuthResponseSchema } from "@inquiry-hub/protocol";
import { REGISTRATION_REFUSED } from "../../src/features/accounts/auth-service";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

describe("auth", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.close());

  const credentials = { username: "ada", password: "correct horse battery" };

  it("registers, logs in, and the token opens the API", async () => {
    const registered = await hub.request("/api/auth/register", { body: credentials });
    expect(registered.status).toBe(201);
    const auth = AuthResponseSchema.parse(await registered.json());
    expect(auth.user.username).toBe("ada");

    const login = await hub.request("/api/auth/login", { body: credentials });
    expect(login.status).toBe(200);
    const loggedIn = AuthResponseSchema.parse(await login.json());
    expect(loggedIn.user.id).toBe(auth.user.id);
    expect(loggedIn.token).not.toBe(auth.token);
    expect(Buffer.from(loggedIn.token, "base64url")).toHaveLength(32);

    const list = await hub.request("/api/inquiries", { token: loggedIn.token });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
  });

  it("refuses a taken username with 403 and the one message of every refused registration", async () => {
    const again = await hub.request("/api/auth/register", {
      body: { ...credentials, username: "ADA" },
    });
    expect(again.status).toBe(403);
    expect(ApiErrorBodySchema.parse(await again.json()).error).toEqual({
      code: "FORBIDDEN",
      message: REGISTRATION_REFUSED,
    });
  });

  it("rejects bad credentials with 401 without telling which part was wrong", async () => {
    const wrongPassword = await hub.request("/api/auth/login", {
      body: { ...credentials, password: "wrong password" },
    });
    const unknownUser = await hub.request("/api/auth/login", {
      body: { ...credentials, username: "nobody" },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(ApiErrorBodySchema.parse(await wrongPassword.json()).error.message).toBe(
      ApiErrorBodySchema.parse(await unknownUser.json()).error.message,
    );
  });

  it("rejects an invalid registration body naming the field", async () => {
    const response = await hub.request("/api/auth/register", {
      body: { username: "ok_name", password: "short" },
    });
    expect(response.status).toBe(400);
    expect(ApiErrorBodySchema.parse(await response.json()).error.message).toMatch(/^password: /);
  });

  it("requires a valid bearer token everywhere but health and auth", async () => {
    expect((await hub.request("/api/health")).status).toBe(200);
    const missing = await hub.request("/api/inquiries");
    expect(missing.status).toBe(401);
    expect(ApiErrorBodySchema.parse(await missing.json()).error.code).toBe("UNAUTHORIZED");
    expect((await hub.request("/api/inquiries", { token: "not-a-token" })).status).toBe(401);
    const mcp = await hub.request("/mcp", {
      body: { jsonrpc: "2.0", id: 1, method: "initialize", params: {} },
    });
    expect(mcp.status).toBe(401);
  });
});
