/**
 * The baseline: a bare Socket.IO server (same socket.io version and options as the hub) that
 * does only what the hub's fan-out minimally must: put each client in a room, broadcast an
 * inquiry to the room, and broadcast its withdrawal when a client answers (socket ack or HTTP).
 * No auth, no store, no validation; the difference to the hub is the hub's own cost.
 *
 * Control (loopback HTTP): `POST /emit?room=r` → broadcasts `inquiry:new`, replies
 * `{id, emittedAt}`; `POST /answer?room=r&id=i` → broadcasts `inquiry:withdrawn`.
 * `POST /cycle?room=r` is the floor of one hub cycle: broadcasts `inquiry:new`, holds the
 * request until a device answers it over its socket, broadcasts `inquiry:withdrawn`, then
 * replies `{answer}` — what `send_inquiry` does, without MCP, store or checks.
 * Prints `baseline listening on <url>` when ready. Started by bench/run.ts only.
 */
import { createServer } from "node:http";
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { attachAnswerRooms } from "./lib/answer-rooms";
import { wallNow } from "./lib/clock";

function replyJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const httpServer = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const room = url.searchParams.get("room") ?? "";
  req.resume();
  req.once("end", () => {
    if (req.method === "POST" && url.pathname === "/emit") {
      const emittedAt = wallNow();
      replyJson(res, { id: rooms.announce(room), emittedAt });
    } else if (req.method === "POST" && url.pathname === "/cycle") {
      void rooms.ask(room).then((answer) => replyJson(res, { answer }));
    } else if (req.method === "POST" && url.pathname === "/answer") {
      rooms.withdraw(room, url.searchParams.get("id") ?? "", "http");
      replyJson(res, {});
    } else {
      res.writeHead(404).end();
    }
  });
});

const rooms = attachAnswerRooms(httpServer);

httpServer.listen(0, "127.0.0.1", () => {
  const { port } = httpServer.address() as AddressInfo;
  console.log(`baseline listening on http://127.0.0.1:${port}/`);
});

function shutdown(): void {
  void rooms.close().then(() => process.exit(0));
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
