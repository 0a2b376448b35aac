import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { requestJson, requestStream } from "./api-client";
import { ApiClientError } from "./api-client-error";

const ItemSchema = z.object({ id: z.string() });

function answerWith(response: Response | Error): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function failureOf(request: Promise<unknown>): Promise<ApiClientError> {
  const error: unknown = await request.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiClientError))
    throw new Error(`expected ApiClientError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("requestJson", () => {
  it("returns the success body parsed with the schema and sends JSON bodies", async () => {
    const fetchMock = answerWith(Response.json({ id: "a1", extra: true }));
    await expect(
      requestJson("/api/items", ItemSchema, { method: "POST", body: { name: "x" } }),
    ).resolves.toEqual({ id: "a1" });
    expect(fetchMock).toHaveBeenCalledWith("/api/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      cache: "no-store",
      body: '{"name":"x"}',
    });
  });

  it("keeps the server's wire code, status and message", async () => {
    answerWith(
      Response.json(
        { error: { code: "CONFLICT", message: "Already answered on Pixel 7" } },
        { status: 409 },
      ),
    );
    const error = await failureOf(requestJson("/api/items", ItemSchema));
    expect(error).toMatchObject({
      code: "CONFLICT",
      status: 409,
      serverMessage: "Already answered on Pixel 7",
    });
  });

  it("keeps the details of a refusal, such as the fields a 400 names", async () => {
    const details = [{ path: "password", message: "Too small" }];
    answerWith(
      Response.json(
        { error: { code: "BAD_REQUEST", message: "password: Too small", details } },
        { status: 400 },
      ),
    );
    expect((await failureOf(requestJson("/api/items", ItemSchema))).details).toEqual(details);
  });

  it("names a refusal without the wire body by its status, without a message", async () => {
    answerWith(new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await failureOf(requestJson("/api/items", ItemSchema))).toMatchObject({
      code: "UPSTREAM",
      status: 502,
      serverMessage: undefined,
    });
    answerWith(new Response("teapot", { status: 418 }));
    expect(await failureOf(requestJson("/api/items", ItemSchema))).toMatchObject({
      code: "HTTP_ERROR",
      status: 418,
    });
  });

  it("reports an unreachable server as UNREACHABLE with status 0", async () => {
    answerWith(new TypeError("Failed to fetch"));
    expect(await failureOf(requestJson("/api/items", ItemSchema))).toMatchObject({
      code: "UNREACHABLE",
      status: 0,
    });
  });

  it("rejects a 2xx body that does not match the schema as INVALID_RESPONSE", async () => {
    answerWith(Response.json({ id: 42 }));
    const error = await failureOf(requestJson("/api/items", ItemSchema));
    expect(error).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });
    expect(error.cause).toBeInstanceOf(z.ZodError);
  });

  it("lets the caller's abort through as it is", async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException("aborted", "AbortError");
    answerWith(abort);
    await expect(requestJson("/api/items", ItemSchema, { signal: controller.signal })).rejects.toBe(
      abort,
    );
  });
});

describe("requestStream", () => {
  it("returns the open body of a 2xx answer and maps refusals like requestJson", async () => {
    answerWith(new Response("data: {}\n\n", { status: 200 }));
    const body = await requestStream("/api/chat", { method: "POST", accept: "text/event-stream" });
    expect(await new Response(body).text()).toBe("data: {}\n\n");
    answerWith(
      Response.json(
        { error: { code: "UNAUTHORIZED", message: "Not logged in." } },
        { status: 401 },
      ),
    );
    expect(await failureOf(requestStream("/api/chat"))).toMatchObject({
      code: "UNAUTHORIZED",
      status: 401,
    });
  });
});
