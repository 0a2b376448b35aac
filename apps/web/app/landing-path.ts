import "server-only";
import { ConversationListResponseSchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import { fetchHub } from "@/lib/server/hub-fetch";

/** Only whether anything waits matters here, not what: any array counts its items. */
const PendingListSchema = z.array(z.unknown());

async function readHub<Schema extends z.ZodType>(
  path: string,
  token: string,
  schema: Schema,
): Promise<z.output<Schema> | undefined> {
  const response = await fetchHub(path, { method: "GET", token });
  if (response === undefined || !response.ok) return undefined;
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Where opening the app should take a signed-in person: the inbox when a question waits for
 * them, else the newest chat whose run is still going (it may ask next), else the chat page.
 * A hub that cannot answer leaves them on the chat page, as before.
 */
export async function landingPath(token: string): Promise<string> {
  const [pending, conversations] = await Promise.all([
    readHub("/api/inquiries?status=pending", token, PendingListSchema),
    readHub("/api/conversations", token, ConversationListResponseSchema),
  ]);
  if (pending !== undefined && pending.length > 0) return "/inbox";
  const running = conversations?.conversations.find((conversation) => conversation.running);
  return running === undefined ? "/chat" : `/chat?c=${encodeURIComponent(running.id)}`;
}
