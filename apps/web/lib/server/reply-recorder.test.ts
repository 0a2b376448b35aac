import { describe, expect, it } from "vitest";
import { recordReply } from "./reply-recorder";
import type { FinalTurnStatus } from "./reply-recorder";

const CONTENT = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "Hi" } }] })}\n\n`;

function upstream(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

async function drain(text: string) {
  const ended: [FinalTurnStatus, unknown][] = [];
  const relayed = await new Response(
    recordReply(upstream(text), (status, reply) => ended.push([status, reply])),
  ).text();
  return { relayed, ended };
}

describe("recordReply", () => {
  it("relays the bytes unchanged and reports the completed reply once", async () => {
    const { relayed, ended } = await drain(`${CONTENT}data: [DONE]\n\n`);
    expect(relayed).toBe(`${CONTENT}data: [DONE]\n\n`);
    expect(ended).toEqual([["completed", [{ type: "text", text: "Hi" }]]]);
  });

  it("fails a stream that ended without [DONE], and cancels one the browser left", async () => {
    expect((await drain(CONTENT)).ended).toEqual([["failed", [{ type: "text", text: "Hi" }]]]);
    const ended: FinalTurnStatus[] = [];
    const body = recordReply(upstream(CONTENT), (status) => ended.push(status));
    await body.cancel();
    expect(ended).toEqual(["cancelled"]);
  });
});
