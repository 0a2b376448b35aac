import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const TSX = path.resolve(here, "../../../../node_modules/.bin/tsx");
const HOST_SCRIPT = path.join(here, "../support/tasks-client-process.ts");

/** Runs one host process to its end and returns the JSON line it printed. */
async function host(hub: TestHub, token: string, args: string[]): Promise<unknown> {
  const { stdout } = await run(TSX, [HOST_SCRIPT, args[0] ?? "", hub.url.href, ...args.slice(1)], {
    env: { ...process.env, HUB_TOKEN: token },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim());
}

describe("a send_inquiry Task survives its MCP client's process", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  it("is resumed by a second process from the reference the first one printed", async () => {
    hub = await startTestHub();
    const owner = await hub.registerUser("restart");
    const phone = await hub.devices.connect({ token: owner.token });
    const announced = nextEvent(phone.socket, "inquiry:new");

    const reference = await host(hub, owner.token, ["start", "Which city for the offsite?"]);
    const inquiry = await announced;
    expect(reference).toMatchObject({ generation: "v2", taskId: `inquiry.${inquiry.id}` });
    expect((await hub.hub.inquiries.get(owner.userId, inquiry.id)).status).toBe("pending");

    const ack = await answerOver(phone.socket, { inquiryId: inquiry.id, response: "Hangzhou" });
    expect(ack).toMatchObject({ data: { status: "answered" } });

    const result = await host(hub, owner.token, ["resume", JSON.stringify(reference)]);
    expect(result).toMatchObject({ content: [{ type: "text", text: "Hangzhou" }] });
    // Two host processes start under tsx here, each within its own 60 s limit: 5 s in all on
    // an idle machine, over 20 s beside a CPU-heavy job.
  }, 150_000);
});
