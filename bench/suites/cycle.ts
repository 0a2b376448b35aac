import { readProgressMeta } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { wallNow } from "../lib/clock";
import type { DevicePool } from "../lib/device-pool";
import { answerOverHttp, resultText } from "../lib/hub-client";
import { BENCH_OPTIONS, benchPrompt } from "../lib/inquiry-payload";

/** How an answer reaches the server in one cycle. */
export type AnswerChannel = "http" | "socket";

/** The latencies (ms) of one inquiry's life: created → everywhere, answered → everywhere. */
export interface CycleTimes {
  fanOut: number;
  withdrawn: number;
  /** Answer sent → tool result at the MCP client; the baseline has no such path. */
  toolResult?: number;
}

/** What one side needs to run a cycle; the hub and baseline versions differ only here. */
export interface CycleTarget {
  run(channel: AnswerChannel): Promise<CycleTimes>;
}

/** The answerer: a device other than the first when there is one (the first runs the agent). */
function answererOf(deviceCount: number): number {
  return deviceCount > 1 ? 1 : 0;
}

/**
 * One hub cycle over the real paths: the MCP client calls send_inquiry (clock starts as the
 * call is sent), every device must receive `inquiry:new`; one device answers over HTTP or its
 * socket, every device must receive `inquiry:withdrawn` and the tool result must carry exactly
 * that answer.
 */
export function hubCycleTarget(options: {
  hubUrl: URL;
  mcp: Client;
  tokens: string[];
  pool: DevicePool;
}): CycleTarget {
  const answerer = answererOf(options.tokens.length);
  let asked = 0;
  return {
    async run(channel) {
      let announce: (id: string) => void = () => undefined;
      const opened = new Promise<string>((resolve) => (announce = resolve));
      const sentAt = wallNow();
      const call = options.mcp.callTool(
        {
          name: "send_inquiry",
          arguments: { prompt: benchPrompt((asked += 1)), options: BENCH_OPTIONS },
        },
        CallToolResultSchema,
        {
          onprogress: (progress) => {
            const meta = readProgressMeta(progress);
            if (meta?.type === "INQUIRY") announce(meta.inquiryId);
          },
        },
      );
      const resultAt = call.then((result) => ({ result, at: wallNow() }));
      const inquiryId = await opened;
      const fanOutAt = await options.pool.lastDelivery("inquiry:new", inquiryId);
      const answeredAt =
        channel === "http" ? wallNow() : (await options.pool.answer(answerer, inquiryId)).sentAt;
      if (channel === "http")
        await answerOverHttp(options.hubUrl, options.tokens[answerer]!, inquiryId);
      const withdrawnAt = await options.pool.lastDelivery("inquiry:withdrawn", inquiryId);
      const { result, at } = await resultAt;
      const text = resultText(result);
      if (text !== `answer-${inquiryId}`)
        throw new Error(`wrong tool result for ${inquiryId}: ${text}`);
      return {
        fanOut: fanOutAt - sentAt,
        withdrawn: withdrawnAt - answeredAt,
        toolResult: at - answeredAt,
      };
    },
  };
}

const EmittedSchema = z.object({ id: z.string(), emittedAt: z.number() });

/**
 * One baseline cycle: the server broadcasts the inquiry (clock starts at its emit, as the
 * issue defines the baseline), then one client answers over HTTP or its socket and the
 * server broadcasts the withdrawal.
 */
export function baselineCycleTarget(options: {
  baseUrl: URL;
  room: string;
  pool: DevicePool;
  deviceCount: number;
}): CycleTarget {
  const answerer = answererOf(options.deviceCount);
  const control = (path: string): Promise<Response> =>
    fetch(
      new URL(`${path}${path.includes("?") ? "&" : "?"}room=${options.room}`, options.baseUrl),
      { method: "POST" },
    );
  return {
    async run(channel) {
      const { id, emittedAt } = EmittedSchema.parse(await (await control("/emit")).json());
      const fanOutAt = await options.pool.lastDelivery("inquiry:new", id);
      let answeredAt: number;
      if (channel === "http") {
        answeredAt = wallNow();
        await (await control(`/answer?id=${id}`)).arrayBuffer();
      } else {
        answeredAt = (await options.pool.answer(answerer, id)).sentAt;
      }
      const withdrawnAt = await options.pool.lastDelivery("inquiry:withdrawn", id);
      return { fanOut: fanOutAt - emittedAt, withdrawn: withdrawnAt - answeredAt };
    },
  };
}
