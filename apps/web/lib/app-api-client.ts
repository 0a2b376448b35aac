import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import type { Translate } from "./i18n/translate";

/**
 * A request from the browser to the web app's own API failed; `message` is fit to show (the
 * server's own message when it sent the wire error shape), `status` to branch on (0 when the
 * server could not be reached).
 */
export class AppApiError extends Error {
  override readonly name = "AppApiError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Sends one request to the web app's own API (client components only) and returns the parsed
 * JSON body of a 2xx answer, unvalidated: each caller parses it with its schema.
 */
export async function requestAppApi(
  path: string,
  init: RequestInit,
  t: Translate,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { cache: "no-store", ...init });
  } catch {
    throw new AppApiError(t("common.unreachable"), 0);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return body;
  const error = ApiErrorBodySchema.safeParse(body);
  throw new AppApiError(
    error.success
      ? error.data.error.message
      : t("common.requestFailed", { status: response.status }),
    response.status,
  );
}
