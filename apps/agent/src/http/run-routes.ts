import { LastEventIdSchema } from "@inquiry-hub/protocol";
import { Router } from "express";
import type { Request, Response } from "express";
import { AgentError } from "../errors/agent-error";
import type { RunRecord, RunStore } from "../runs/ports";
import type { RunManager } from "../runs/run-manager";
import { toRunInfo } from "../runs/run-info";
import { readBearerToken } from "./bearer";
import { sendOpenAiError } from "./openai-error";
import { streamRunEvents } from "./run-event-stream";

/**
 * The run a request may see, or undefined after the error went out: no bearer → 401; a run
 * that does not exist, belongs to another user, or was started by another agent credential of
 * the same person → the same 404, so a run's existence is never revealed.
 */
async function authorizedRun(
  manager: RunManager,
  req: Request<{ id: string }>,
  res: Response,
): Promise<RunRecord | undefined> {
  const bearer = readBearerToken(req);
  if (bearer === undefined) {
    sendOpenAiError(res, new AgentError("missing_api_key"));
    return undefined;
  }
  const run = await manager.authorize(req.params.id, bearer);
  if (!run) sendOpenAiError(res, new AgentError("not_found", "No such run."));
  return run;
}

/** Where a re-attach starts: `Last-Event-ID`, else `?after=`, else the beginning. */
function replayStart(req: Request): number | AgentError {
  const raw = req.get("last-event-id") ?? req.query.after;
  if (raw === undefined) return 0;
  const parsed = LastEventIdSchema.safeParse(raw);
  return parsed.success
    ? parsed.data
    : new AgentError("invalid_body", "Last-Event-ID (or ?after=) must be an event id.");
}

/**
 * The run API (`runs.ts` in the protocol): `GET /v1/runs/:id` → RunInfo,
 * `GET /v1/runs/:id/events` → the log as SSE from `Last-Event-ID` on, live until `[DONE]`,
 * `POST /v1/runs/:id/cancel` → Stop, then RunInfo. Only the credential that started the run
 * and its owner's own sessions get past the 404 (see run-access.ts).
 */
export function createRunRoutes(manager: RunManager, store: RunStore): Router {
  const router = Router();
  router.get("/v1/runs/:id", async (req, res) => {
    const run = await authorizedRun(manager, req, res);
    if (run) res.json(await toRunInfo(store, run));
  });
  router.get("/v1/runs/:id/events", async (req, res) => {
    const after = replayStart(req);
    if (after instanceof AgentError) {
      sendOpenAiError(res, after);
      return;
    }
    const run = await authorizedRun(manager, req, res);
    if (run) await streamRunEvents(store, run.id, after, res);
  });
  router.post("/v1/runs/:id/cancel", async (req, res) => {
    const run = await authorizedRun(manager, req, res);
    if (run) res.json(await toRunInfo(store, await manager.cancel(run)));
  });
  return router;
}
