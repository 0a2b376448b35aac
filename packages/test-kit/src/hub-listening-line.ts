/**
 * The line a hub started from its entry point (apps/hub/src/main.ts) logs once it listens:
 * one JSON object (pino) with its `url` before the message, e.g.
 * `{"level":30,…,"service":"hub","url":"http://127.0.0.1:4000","msg":"inquiry hub listening"}`.
 * Group 1 is the URL. Tests and the bench that spawn a hub wait for it.
 */
export const HUB_LISTENING_LINE = /"url":"([^"]+)".*"msg":"inquiry hub listening"/;
