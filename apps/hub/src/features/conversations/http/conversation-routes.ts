import express, { Router } from "express";
import type { RequestHandler } from "express";
import {
  CreateConversationBodySchema,
  RenameConversationBodySchema,
  StartTurnBodySchema,
  UpdateTurnBodySchema,
} from "@inquiry-hub/protocol";
import type { ConversationListResponse } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { ConversationService } from "../conversation-service";
import { requestPrincipal } from "../../accounts/http/authenticate";
import { parseInput } from "../../../platform/http/validate";

const IdSchema = z.uuid();

/**
 * Largest body of a turn update: a reply of MAX_REPLY_TEXT characters, JSON-escaped at worst
 * (six bytes per control character), with its parts' framing. Other bodies keep the hub's
 * usual limit.
 */
export const TURN_UPDATE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * Conversations: `GET /` → `{conversations}` newest first; `POST / {title?}` → 201
 * Conversation; `GET /:id`, `PATCH /:id {title}`, `DELETE /:id` → 204; `POST /:id/turns
 * {text}` → 201 pending Turn; `PUT /:id/turns/:turnId` (UpdateTurnBody) → the Turn. Mounted
 * behind `authenticate` (any credential): the service decides who may do what, so an agent
 * run's credential can report its turn and nothing else. `limitWrites` (a per-user budget)
 * runs before creating a conversation or a turn, since each is a stored record. The router
 * parses its own JSON bodies, after authentication, so only an authenticated caller may send
 * a turn update as large as a whole reply; mount it before the app's JSON parser.
 */
export function createConversationRoutes(
  conversations: ConversationService,
  options: { limitWrites: RequestHandler; bodyLimitBytes: number },
): Router {
  const { limitWrites } = options;
  const router = Router();
  router.post(["/", "/:id/turns"], limitWrites);
  router.put("/:id/turns/:turnId", express.json({ limit: TURN_UPDATE_BODY_LIMIT_BYTES }));
  router.use(express.json({ limit: options.bodyLimitBytes }));
  const idOf = (value: unknown) => parseInput(IdSchema, value, "id");

  router.get("/", async (req, res) => {
    const body: ConversationListResponse = {
      conversations: await conversations.list(requestPrincipal(req)),
    };
    res.json(body);
  });

  router.post("/", async (req, res) => {
    const body = parseInput(CreateConversationBodySchema, req.body ?? {});
    res.status(201).json(await conversations.create(requestPrincipal(req), body));
  });

  router.get("/:id", async (req, res) => {
    res.json(await conversations.get(requestPrincipal(req), idOf(req.params.id)));
  });

  router.patch("/:id", async (req, res) => {
    const id = idOf(req.params.id);
    const { title } = parseInput(RenameConversationBodySchema, req.body);
    res.json(await conversations.rename(requestPrincipal(req), id, title));
  });

  router.delete("/:id", async (req, res) => {
    await conversations.remove(requestPrincipal(req), idOf(req.params.id));
    res.status(204).end();
  });

  router.post("/:id/turns", async (req, res) => {
    const id = idOf(req.params.id);
    const { text } = parseInput(StartTurnBodySchema, req.body);
    res.status(201).json(await conversations.startTurn(requestPrincipal(req), id, text));
  });

  router.put("/:id/turns/:turnId", async (req, res) => {
    const id = idOf(req.params.id);
    const turnId = parseInput(IdSchema, req.params.turnId, "turnId");
    const body = parseInput(UpdateTurnBodySchema, req.body);
    res.json(await conversations.updateTurn(requestPrincipal(req), id, turnId, body));
  });

  return router;
}
