import { ApiErrorBodySchema, HistoryDetailSchema, HistoryPageSchema } from "@inquiry-hub/protocol";
import type { HistoryDetail, HistoryPage, InquiryStatus } from "@inquiry-hub/protocol";
import type { Translate } from "@/lib/i18n/translate";

/** A history request failed; `message` is fit to show, `status` to branch on (401 → login). */
export class HistoryRequestError extends Error {
  override readonly name = "HistoryRequestError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function read(path: string, t: Translate): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { cache: "no-store" });
  } catch {
    throw new HistoryRequestError(t("history.unreachable"), 0);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return body;
  const error = ApiErrorBodySchema.safeParse(body);
  throw new HistoryRequestError(
    error.success
      ? error.data.error.message
      : t("common.requestFailed", { status: response.status }),
    response.status,
  );
}

/** One page of history, newest first (GET /api/history). */
export async function fetchHistoryPage(
  status: InquiryStatus | undefined,
  before: string | undefined,
  t: Translate,
): Promise<HistoryPage> {
  const query = new URLSearchParams();
  if (status !== undefined) query.set("status", status);
  if (before !== undefined) query.set("before", before);
  return HistoryPageSchema.parse(await read(`/api/history?${query.toString()}`, t));
}

/** One inquiry with its audit trail (GET /api/history/:id). */
export async function fetchHistoryDetail(id: string, t: Translate): Promise<HistoryDetail> {
  return HistoryDetailSchema.parse(await read(`/api/history/${encodeURIComponent(id)}`, t));
}
