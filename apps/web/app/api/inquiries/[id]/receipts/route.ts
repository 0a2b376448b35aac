import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/** GET → where one of this person's questions was delivered and who saw it (`InquiryReceipts`). */
export async function GET(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  return relayHub(request, `/api/inquiries/${encodeURIComponent(id)}/receipts`, {
    method: "GET",
  });
}
