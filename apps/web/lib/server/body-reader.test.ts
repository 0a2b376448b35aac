import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT_BYTES, readJsonBody } from "./body-reader";

const MEGABYTE = 1024 * 1024;

/** A request body of `totalBytes` spaces that records how many bytes anyone pulled from it. */
function meteredBody(totalBytes: number, chunkBytes = MEGABYTE) {
  const meter = { pulledBytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (meter.pulledBytes >= totalBytes) {
          controller.close();
          return;
        }
        const size = Math.min(chunkBytes, totalBytes - meter.pulledBytes);
        meter.pulledBytes += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { meter, stream };
}

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost:3000/api/settings", {
    method: "PUT",
    body,
    headers: { "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
}

describe("readJsonBody", () => {
  it("parses a JSON body under the limit", async () => {
    const read = await readJsonBody(post(JSON.stringify({ yolo: { enabled: true } })));
    expect(read).toEqual({ ok: true, value: { yolo: { enabled: true } } });
  });

  it("reports a body that is not JSON as undefined, for the handler's own 400", async () => {
    expect(await readJsonBody(post("{not json"))).toEqual({ ok: true, value: undefined });
  });

  it("finding 6: a declared 30 MB body is refused with 413 before a byte is read", async () => {
    const { meter, stream } = meteredBody(30 * MEGABYTE);
    const read = await readJsonBody(post(stream, { "content-length": String(30 * MEGABYTE) }));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(413);
    expect(await read.response.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
    expect(meter.pulledBytes).toBe(0);
  });

  it("finding 6: a chunked 30 MB body is cut off once it passes the limit", async () => {
    const { meter, stream } = meteredBody(30 * MEGABYTE, 16 * 1024);
    const read = await readJsonBody(post(stream));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(413);
    expect(meter.pulledBytes).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT_BYTES + 16 * 1024);
  });

  it("takes a larger limit when the handler names one", async () => {
    const body = JSON.stringify({ text: "x".repeat(DEFAULT_BODY_LIMIT_BYTES) });
    expect((await readJsonBody(post(body))).ok).toBe(false);
    expect(await readJsonBody(post(body), 2 * DEFAULT_BODY_LIMIT_BYTES)).toMatchObject({
      ok: true,
    });
  });
});
