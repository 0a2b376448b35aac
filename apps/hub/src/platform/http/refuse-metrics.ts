import type { RefuseMetrics } from "@inquiry-hub/telemetry";
import { HubError } from "../../kernel/errors";
import { sendError } from "./error-response";

/** A refused `/metrics` scrape, as every other hub 401: `{ error: { code: "UNAUTHORIZED", message } }`. */
export const refuseMetrics: RefuseMetrics = (res, refusal) =>
  sendError(res, new HubError("UNAUTHORIZED", refusal.message));
