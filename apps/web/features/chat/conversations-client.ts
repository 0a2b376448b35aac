import {
  ConversationListResponseSchema,
  ConversationSchema,
  InquirySchema,
} from "@inquiry-hub/protocol";
import type { Conversation, ConversationSummary, Inquiry } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";
import { z } from "zod";

function conversationPath(id: string): string {
  return `/api/conversations/${encodeURIComponent(id)}`;
}

/** The person's conversations, newest first (GET /api/conversations). */
export async function fetchConversations(): Promise<ConversationSummary[]> {
  return (await requestJson("/api/conversations", ConversationListResponseSchema)).conversations;
}

/** One conversation with its turns (GET /api/conversations/:id); 404 once deleted. */
export function fetchConversation(id: string): Promise<Conversation> {
  return requestJson(conversationPath(id), ConversationSchema);
}

/** Renames a conversation (PATCH /api/conversations/:id). */
export function renameConversation(id: string, title: string): Promise<Conversation> {
  return requestJson(conversationPath(id), ConversationSchema, {
    method: "PATCH",
    body: { title },
  });
}

/** Deletes a conversation (DELETE /api/conversations/:id); any body the hub sends is ignored. */
export async function deleteConversation(id: string): Promise<void> {
  await requestJson(conversationPath(id), z.unknown(), {
    method: "DELETE",
  });
}

/** The hub's record of one inquiry (GET /api/inquiries/:id), for a stored turn's question card. */
export function fetchInquiryRecord(id: string): Promise<Inquiry> {
  return requestJson(`/api/inquiries/${encodeURIComponent(id)}`, InquirySchema);
}
