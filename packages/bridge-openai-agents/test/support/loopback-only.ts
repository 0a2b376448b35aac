import net from "node:net";
import { afterAll, expect } from "vitest";

/**
 * Vitest setup: the tests must never reach past this machine (no OpenAI API, no trace
 * export). Every TCP connection, fetch's included, goes through `Socket.prototype.connect`;
 * one to anything but loopback is refused and remembered, and the file fails at its end
 * even if the SDK swallowed the error (as its trace exporter does). Files share workers, so
 * the guard is installed once per worker and each file checks (and clears) what it refused.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);
const REFUSED = Symbol.for("inquiry-hub.loopback-only.refused");

function hostOf(args: unknown[]): string | undefined {
  const [first, second] = args;
  // net.connect hands the socket its arguments already normalized, as one array.
  if (Array.isArray(first)) return hostOf(first as unknown[]);
  if (typeof first === "object" && first !== null) {
    const options = first as { host?: string; path?: string };
    if (options.path !== undefined) return undefined;
    return options.host ?? "localhost";
  }
  if (typeof first === "string" && Number.isNaN(Number(first))) return undefined;
  return typeof second === "string" ? second : "localhost";
}

type Connect = ((this: net.Socket, ...args: unknown[]) => net.Socket) & { [REFUSED]?: string[] };

/** Wraps `Socket.prototype.connect` with the guard; returns the list it records refusals in. */
function installGuard(connect: Connect): string[] {
  const refused: string[] = [];
  const guardedConnect: Connect = function (...args) {
    const host = hostOf(args);
    if (host !== undefined && !LOOPBACK_HOSTS.has(host) && !host.startsWith("127.")) {
      refused.push(host);
      throw new Error(`test tried to reach ${host}: only loopback is allowed`);
    }
    return connect.apply(this, args);
  };
  guardedConnect[REFUSED] = refused;
  net.Socket.prototype.connect = guardedConnect;
  return refused;
}

// eslint-disable-next-line @typescript-eslint/unbound-method -- applied to each socket by the guard
const current = net.Socket.prototype.connect as Connect;
const refused = current[REFUSED] ?? installGuard(current);

delete process.env.OPENAI_API_KEY;

afterAll(() => {
  expect(refused.splice(0), "connections attempted beyond loopback").toEqual([]);
});
