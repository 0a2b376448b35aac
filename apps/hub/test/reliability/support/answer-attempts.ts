import type { Inquiry, SocketAck } from "@inquiry-hub/protocol";
import type { TestHub } from "../../helpers";
import { answerOver } from "../../socket-helpers";
import type { DeviceSocket } from "../../socket-helpers";

/** One answer attempt's outcome, whichever channel carried it. */
export type Attempt =
  { ok: true; inquiry: Inquiry } | { ok: false; status: number; code: string; message: string };

/** Answers over a device socket and normalises the ack. */
export async function answerBySocket(
  socket: DeviceSocket,
  inquiryId: string,
  body: Record<string, unknown>,
): Promise<Attempt> {
  const ack: SocketAck<Inquiry> = await answerOver(socket, { inquiryId, ...body });
  return "data" in ack
    ? { ok: true, inquiry: ack.data }
    : { ok: false, status: 0, code: ack.error.code, message: ack.error.message };
}

/** Answers over HTTP (`POST /api/inquiries/:id/answer`) and normalises the response. */
export async function answerByHttp(
  node: TestHub,
  token: string,
  inquiryId: string,
  body: Record<string, unknown>,
): Promise<Attempt> {
  const response = await node.request(`/api/inquiries/${inquiryId}/answer`, { token, body });
  const json = (await response.json()) as { error?: { code: string; message: string } };
  return response.ok
    ? { ok: true, inquiry: json as Inquiry }
    : {
        ok: false,
        status: response.status,
        code: json.error?.code ?? "",
        message: json.error?.message ?? "",
      };
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
  return results;
}
