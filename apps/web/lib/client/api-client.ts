import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import { ApiClientError, codeOfStatus } from "./api-client-error";

/** The body of a 204 answer: there is none. */
export const NoContentSchema = z.undefined();

/** What a browser request may carry; `body` is sent as JSON. */
export interface ApiRequestInit {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** The `Accept` header, for endpoints that answer with a stream. */
  accept?: string;
  /** The `Last-Event-ID` header of a stream re-attach: the last event id the page has. */
  lastEventId?: number;
  signal?: AbortSignal;
}

/**
 * Sends one request to the web app's own API (browser code only) and returns the success body
 * parsed with `schema`. Every failure throws ApiClientError: UNREACHABLE when no answer came
 * back, the server's wire code and message for a refusal, INVALID_RESPONSE when a 2xx body
 * does not match. An abort stays the AbortError the caller expects.
 *
 * @example
 * const { devices } = await requestJson("/api/devices", DeviceListResponseSchema);
 */
export async function requestJson<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  init: ApiRequestInit = {},
): Promise<z.output<Schema>> {
  const response = await send(path, init);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new ApiClientError("INVALID_RESPONSE", response.status, undefined, {
      cause: parsed.error,
    });
  return parsed.data;
}

/** `requestJson` for an endpoint that answers with a stream (SSE): returns the open body. */
export async function requestStream(
  path: string,
  init: ApiRequestInit = {},
): Promise<ReadableStream<Uint8Array>> {
  return (await requestStreamResponse(path, init)).body;
}

/** An open stream (SSE) with the headers that came with it, for endpoints that name things in them. */
export interface StreamResponse {
  body: ReadableStream<Uint8Array>;
  headers: Headers;
}

/** `requestStream`, keeping the response headers (e.g. the run and conversation ids of a chat). */
export async function requestStreamResponse(
  path: string,
  init: ApiRequestInit = {},
): Promise<StreamResponse> {
  const response = await send(path, init);
  if (response.body === null)
    throw new ApiClientError("INVALID_RESPONSE", response.status, undefined);
  return { body: response.body, headers: response.headers };
}

/** The 2xx response of one request; anything else is thrown as ApiClientError. */
async function send(path: string, init: ApiRequestInit): Promise<Response> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.accept !== undefined) headers.accept = init.accept;
  if (init.lastEventId !== undefined) headers["last-event-id"] = String(init.lastEventId);
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      headers,
      cache: "no-store",
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.signal === undefined ? {} : { signal: init.signal }),
    });
  } catch (error) {
    if (init.signal?.aborted === true) throw error;
    throw new ApiClientError("UNREACHABLE", 0, undefined, { cause: error });
  }
  if (response.ok) return response;
  const wire = ApiErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  throw wire.success
    ? new ApiClientError(wire.data.error.code, response.status, wire.data.error.message, {
        details: wire.data.error.details,
      })
    : new ApiClientError(codeOfStatus(response.status), response.status, undefined);
}
