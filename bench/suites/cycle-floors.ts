import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { startDevicePool } from "../lib/device-pool";
import type { DevicePool } from "../lib/device-pool";
import { connectMcpAt, resultText } from "../lib/hub-client";
import { BENCH_OPTIONS, benchPrompt } from "../lib/inquiry-payload";
import { stop } from "../lib/processes";
import { startBaseline, startSdkOnly } from "../lib/servers";
import type { ServerProcess } from "../lib/servers";

/** What one side of the cycle suite loops on, and the server processes whose CPU it costs. */
export interface CycleLoad {
  pids: Record<string, number>;
  once: (loop: number) => Promise<boolean>;
}

/** The two floors the hub is judged against, each with its own devices, ready to loop. */
export interface CycleFloors {
  servers: ServerProcess[];
  /** `POST /cycle` on the bare Node HTTP + Socket.IO server. */
  bare: CycleLoad;
  /** `send_inquiry` over MCP on the official SDK's documented handler. */
  sdkOnly: CycleLoad;
  close(): Promise<void>;
}

const FloorReplySchema = z.object({ answer: z.string() });

/** One bare cycle: a POST the baseline holds until a device of `room` answered it. */
async function bareCycle(baseUrl: URL, room: string): Promise<boolean> {
  const response = await fetch(new URL(`/cycle?room=${room}`, baseUrl), { method: "POST" });
  const reply = FloorReplySchema.parse(await response.json());
  return reply.answer.startsWith("answer-");
}

let asked = 0;

/** One SDK-only cycle: the same call, prompt and options the hub side sends, plus the room. */
async function sdkOnlyCycle(client: Client, room: string): Promise<boolean> {
  const result = await client.callTool(
    {
      name: "send_inquiry",
      arguments: { room, prompt: benchPrompt((asked += 1)), options: BENCH_OPTIONS },
    },
    CallToolResultSchema,
  );
  return resultText(result).startsWith("answer-");
}

/** `devicesPerUser` auto-answering devices in each of `rooms` on `server`. */
function roomDevices(
  server: ServerProcess,
  rooms: string[],
  devicesPerUser: number,
  workers: number,
): Promise<DevicePool> {
  return startDevicePool(
    rooms.flatMap((room) =>
      Array.from({ length: devicesPerUser }, () => ({
        url: server.url.origin,
        auth: { room },
        userId: room,
      })),
    ),
    "auto-answer",
    workers,
  );
}

/**
 * Starts both floors with `users` rooms of `devicesPerUser` devices each (the hub side's
 * shape); on the SDK-only floor each user's agent is an official SDK client at its defaults.
 */
export async function startCycleFloors(
  users: number,
  devicesPerUser: number,
  workers: number,
): Promise<CycleFloors> {
  const servers: ServerProcess[] = [];
  const pools: DevicePool[] = [];
  const clients: Client[] = [];
  const close = async (): Promise<void> => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await Promise.allSettled(pools.map((pool) => pool.close()));
  };
  try {
    const [baseline, sdkOnly] = await Promise.all([startBaseline(), startSdkOnly()]);
    servers.push(baseline, sdkOnly);
    const rooms = Array.from({ length: users }, (_, index) => `cycle-room-${index}`);
    pools.push(await roomDevices(baseline, rooms, devicesPerUser, workers));
    pools.push(await roomDevices(sdkOnly, rooms, devicesPerUser, workers));
    for (let user = 0; user < users; user += 1) clients.push(await connectMcpAt(sdkOnly.url));
    return {
      servers,
      bare: {
        pids: { baseline: baseline.pid },
        once: (loop) => bareCycle(baseline.url, rooms[loop]!),
      },
      sdkOnly: {
        pids: { "sdk-only": sdkOnly.pid },
        once: (loop) => sdkOnlyCycle(clients[loop]!, rooms[loop]!),
      },
      close,
    };
  } catch (error) {
    await close();
    await Promise.all(servers.map((server) => stop(server.child)));
    throw error;
  }
}
