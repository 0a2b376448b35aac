import net from "node:net";
import { afterAll, expect } from "vitest";

/**
 * Vitest setup: the tests must never reach past this machine (no OpenAI API, no trace
 * export). Every TCP connection, fetch's included, goes through `Socket.prototype.connect`;
 * one to anything but loopback is refused and remembered, and the file fails at its end
 * even if the SDK swallowed the error (as its trace exporter does).
 */
const refused: string[] = [];
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

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

type Connect = (this: net.Socket, ...args: unknown[]) => net.Socket;
// eslint-disable-next-line @typescript-eslint/unbound-method -- applied to each socket below
const connect = net.Socket.prototype.connect as Connect;
const guardedConnect: Connect = function (...args) {
  const host = hostOf(args);
  if (host !== undefined && !LOOPBACK_HOSTS.has(host) && !host.startsWith("127.")) {
    refused.push(host);
    throw new Error(`test tried to reach ${host}: only loopback is allowed`);
  }
  return connect.apply(this, args);
};
net.Socket.prototype.connect = guardedConnect;

delete process.env.OPENAI_API_KEY;

afterAll(() => {
  expect(refused, "connections attempted beyond loopback").toEqual([]);
});
