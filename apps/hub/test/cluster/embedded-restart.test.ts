import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { AuthResponseSchema, InquirySchema } from "@inquiry-hub/protocol";
import { HUB_LISTENING_LINE } from "@inquiry-hub/test-kit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createProgressRecorder } from "../helpers";
import { hubBundle } from "../support/hub-bundle";
import { createTempDataDir } from "../support/temp-embedded-database";
import type { TempDataDir } from "../support/temp-embedded-database";

const HUB_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PASSWORD = "correct horse battery";

/** A hub started from its real entry point (main.ts) on the embedded store in `dataDir`. */
interface HubProcess {
  url: URL;
  child: ChildProcess;
}

/** Starts the hub's entry point as `npm start` does, on a free port; resolves once it listens. */
async function startHubProcess(dataDir: string): Promise<HubProcess> {
  const child = spawn(process.execPath, [await hubBundle()], {
    cwd: HUB_ROOT,
    env: { PATH: process.env.PATH, HUB_PORT: "0", HUB_HOST: "127.0.0.1", HUB_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hub did not start:\n${output}`)), 20_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = HUB_LISTENING_LINE.exec(output);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(new URL(match[1]));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`hub exited with ${code}:\n${output}`));
    });
  });
  return { url, child };
}

/**
 * Stops the hub with `signal`: SIGKILL is `kill -9` (no shutdown hook runs, nothing is flushed
 * or cancelled on the way out); SIGTERM is a graceful stop (Ctrl-C of `npm start`), whose
 * shutdown breaks the calls the hub holds.
 */
async function stopHub(hub: HubProcess, signal: "SIGKILL" | "SIGTERM"): Promise<void> {
  if (hub.child.exitCode !== null || hub.child.signalCode !== null) return;
  const exited = once(hub.child, "exit");
  hub.child.kill(signal);
  await exited;
}

const killHard = (hub: HubProcess) => stopHub(hub, "SIGKILL");

function api(hub: HubProcess, path: string, init: { token?: string; body?: unknown } = {}) {
  return fetch(new URL(path, hub.url), {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function authenticate(hub: HubProcess, path: string, username: string) {
  const response = await api(hub, path, { body: { username, password: PASSWORD } });
  expect(response.status).toBeLessThan(300);
  return AuthResponseSchema.parse(await response.json());
}

describe("a hub on the embedded store, stopped and started again", () => {
  let folder: TempDataDir;
  const hubs: HubProcess[] = [];
  const clients: Client[] = [];
  beforeEach(() => {
    folder = createTempDataDir("embedded-restart");
  });
  afterEach(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await Promise.all(hubs.map(killHard));
    folder.remove();
  });

  it.each([
    ["killed (kill -9)", "SIGKILL"],
    ["stopped gracefully (SIGTERM)", "SIGTERM"],
  ] as const)(
    "%s: keeps the account, the device token and the pending inquiry, answerable exactly once",
    async (_how, signal) => {
      const first = await startHubProcess(folder.dir);
      hubs.push(first);
      const username = `restart_${Date.now()}`;
      const registered = await authenticate(first, "/api/auth/register", username);
      const phone = await authenticate(first, "/api/auth/login", username);

      const agent = new Client({ name: "restart-test", version: "1.0.0" });
      clients.push(agent);
      await agent.connect(
        new StreamableHTTPClientTransport(new URL("/mcp", first.url), {
          requestInit: { headers: { Authorization: `Bearer ${registered.token}` } },
        }),
      );
      const progress = createProgressRecorder();
      agent
        .callTool({ name: "send_inquiry", arguments: { prompt: "Deploy to Lisbon?" } }, undefined, {
          onprogress: progress.onprogress,
          timeout: 60_000,
        })
        .catch(() => undefined);
      const { inquiryId } = await progress.next("INQUIRY");
      await stopHub(first, signal);

      const second = await startHubProcess(folder.dir);
      hubs.push(second);
      expect((await authenticate(second, "/api/auth/login", username)).user.id).toBe(
        registered.user.id,
      );
      const listed = await api(second, "/api/inquiries", { token: phone.token });
      expect(listed.status).toBe(200);
      const inquiries = z.array(InquirySchema).parse(await listed.json());
      expect(inquiries.map(({ id, status, question }) => ({ id, status, question }))).toStrictEqual(
        [{ id: inquiryId, status: "pending", question: "Deploy to Lisbon?" }],
      );

      const answer = { response: "yes" };
      const won = await api(second, `/api/inquiries/${inquiryId}/answer`, {
        token: phone.token,
        body: answer,
      });
      expect(won.status).toBe(200);
      expect(InquirySchema.parse(await won.json())).toMatchObject({
        status: "answered",
        resolution: { response: "yes", byDeviceId: phone.device.id },
      });
      const lost = await api(second, `/api/inquiries/${inquiryId}/answer`, {
        token: registered.token,
        body: answer,
      });
      expect(lost.status).toBe(409);
    },
    60_000,
  );
});
