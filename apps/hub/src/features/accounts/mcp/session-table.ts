import type { Request, Response } from "express";
import { isInitializeRequest } from "@modelcontextprotocol/server";
import { HubError } from "../../../kernel/errors";
import { requestPrincipal } from "../http/authenticate";
import { checkSessionCaps } from "../../../platform/mcp/session-caps";
import type { SessionCaps } from "../../../platform/mcp/session-caps";
import type { Logger } from "../../../kernel/ports";

/** Who opened a session: only this user's credential for this device may use it. */
export interface SessionOwner {
  userId: string;
  deviceId: string;
}

/** The part of a session's Streamable HTTP transport the table calls. */
export interface SessionTransport {
  /** Serves one POST, GET or DELETE of the session; `body` is what Express parsed. */
  handleRequest(req: Request, res: Response, body: unknown): Promise<void>;
}

/** What the table keeps per session; endpoints add their own fields. */
export interface TableSession extends SessionOwner {
  transport: SessionTransport;
  /** Closes the session's server and whatever it owns; in-flight calls are cancelled. */
  close(): Promise<void>;
}

/** The Streamable HTTP session bookkeeping shared by `/mcp` and `/proxy/<name>/mcp`. */
export interface SessionTable<Session extends TableSession> {
  /**
   * Routes an authenticated request: without a session header only an initialize POST is
   * accepted (handed to `initialize` with the caller as owner) if the table's caps leave
   * room, else RATE_LIMITED; with one, the caller's own session (and, when given, one
   * `accept` agrees to) handles it, else NOT_FOUND.
   */
  handle(
    req: Request,
    res: Response,
    initialize: (owner: SessionOwner) => Promise<void>,
    accept?: (session: Session) => boolean,
  ): Promise<void>;
  /** Registers a session once its transport has an id; `res` is its initialize response. */
  add(sessionId: string, session: Session, res: Response): void;
  remove(sessionId: string): void;
  /** Closes the sessions a revoked device opened. */
  closeDevice(deviceId: string): Promise<void>;
  /** Stops the idle reaper and closes every session. */
  close(): Promise<void>;
}

const SESSION_HEADER = "mcp-session-id";

/**
 * Creates a session table. A session with no open response (a waiting tool call, a GET
 * stream) for `idleMs` is closed, so clients that vanish without DELETE do not leak servers;
 * a call in flight keeps its session however long it waits. `caps` bound how many sessions
 * exist at once (see session-caps.ts); `endpoint` names the table in their errors.
 */
export function createSessionTable<Session extends TableSession>(options: {
  idleMs: number;
  caps: SessionCaps;
  endpoint: string;
  logger: Logger;
}): SessionTable<Session> {
  /** HTTP responses still open (a waiting call, a GET stream): never idle while > 0. */
  interface Entry {
    session: Session;
    openResponses: number;
    lastActiveMs: number;
  }
  const entries = new Map<string, Entry>();
  /** Initializes under way: they hold a slot until their session is added (or fails). */
  const opening = new Set<SessionOwner>();
  const closeSession = ({ session }: Entry): Promise<void> =>
    session
      .close()
      .catch((error: unknown) =>
        options.logger.error(
          { err: error, endpoint: options.endpoint },
          "closing MCP session failed",
        ),
      );
  const reaper = setInterval(
    () => {
      const cutoff = Date.now() - options.idleMs;
      for (const entry of entries.values()) {
        if (entry.openResponses === 0 && entry.lastActiveMs < cutoff) void closeSession(entry);
      }
    },
    Math.min(options.idleMs / 2, 30_000),
  );
  reaper.unref();

  /** Takes a slot for `owner` or throws RATE_LIMITED; the returned function gives it back. */
  function reserve(owner: SessionOwner): () => void {
    const open = [...[...entries.values()].map(({ session }) => session), ...opening];
    checkSessionCaps(options.endpoint, options.caps, open, owner);
    opening.add(owner);
    return () => opening.delete(owner);
  }

  function track(entry: Entry, res: Response): void {
    entry.openResponses += 1;
    res.once("close", () => {
      entry.openResponses -= 1;
      entry.lastActiveMs = Date.now();
    });
  }

  return {
    async handle(req, res, initialize, accept = () => true) {
      const { user, device } = requestPrincipal(req);
      const sessionId = req.header(SESSION_HEADER);
      if (sessionId === undefined) {
        if (req.method !== "POST" || !isInitializeRequest(req.body)) {
          throw new HubError(
            "BAD_REQUEST",
            `${SESSION_HEADER}: header required except on initialize`,
          );
        }
        const owner: SessionOwner = { userId: user.id, deviceId: device.id };
        const release = reserve(owner);
        try {
          await initialize(owner);
        } finally {
          release();
        }
        return;
      }
      const entry = entries.get(sessionId);
      const session = entry?.session;
      if (
        entry === undefined ||
        session?.userId !== user.id ||
        session.deviceId !== device.id ||
        !accept(session)
      )
        throw new HubError("NOT_FOUND", `MCP session ${sessionId} not found`);
      track(entry, res);
      await session.transport.handleRequest(req, res, req.body);
    },

    add(sessionId, session, res) {
      const entry: Entry = { session, openResponses: 0, lastActiveMs: Date.now() };
      entries.set(sessionId, entry);
      track(entry, res);
    },

    remove(sessionId) {
      entries.delete(sessionId);
    },

    async closeDevice(deviceId) {
      const owned = [...entries.values()].filter(({ session }) => session.deviceId === deviceId);
      await Promise.all(owned.map(closeSession));
    },

    async close() {
      clearInterval(reaper);
      const open = [...entries.values()];
      entries.clear();
      await Promise.all(open.map(closeSession));
    },
  };
}
