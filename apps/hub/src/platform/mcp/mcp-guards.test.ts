import type { Request, RequestHandler, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { createMcpGuards } from "./mcp-guards";

/** Runs a guard on a request with `host`; true when it let the request through unanswered. */
function passes(guard: RequestHandler | undefined, host: string | undefined): boolean {
  const next = vi.fn();
  const res = { writeHead: vi.fn(), end: vi.fn() };
  guard?.({ headers: { host } } as Request, res as unknown as Response, next);
  return next.mock.calls.length === 1 && res.writeHead.mock.calls.length === 0;
}

describe("createMcpGuards on a loopback hub", () => {
  it("admits loopback Host values again and again, and refuses others every time", () => {
    const [checkHost] = createMcpGuards({ host: "127.0.0.1", allowedOrigins: [] });
    for (let round = 0; round < 3; round += 1) {
      expect(passes(checkHost, "127.0.0.1:3000")).toBe(true);
      expect(passes(checkHost, "localhost:3000")).toBe(true);
      expect(passes(checkHost, "evil.example:3000")).toBe(false);
      expect(passes(checkHost, undefined)).toBe(false);
    }
  });
});
