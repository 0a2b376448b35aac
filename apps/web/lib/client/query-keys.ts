import type { CreateApprovalRuleBody, HistoryFilter } from "@inquiry-hub/protocol";

/**
 * Every React Query key of the web app. Socket handlers and mutations write into or
 * invalidate the same caches the views read, so a key spelled twice would silently split
 * one cache into two; every `queryKey:` comes from here.
 */
export const queryKeys = {
  /** This user's agent keys. */
  agentKeys: ["agent-keys"] as const,
  /** Every device of this user. */
  devices: ["devices"] as const,
  /** This user's settings; `settings:changed` on the socket writes into it. */
  settings: ["settings"] as const,
  /** The pending inquiries; socket events write into it. */
  pendingInquiries: ["inquiries", "pending"] as const,
  /** The history list under one filter (search, status, tool, device, dates). */
  historyPage: (filter: HistoryFilter) => ["history", "list", filter] as const,
  /** The person's conversations, newest first; also the prefix of every conversation's key. */
  conversations: ["conversations"] as const,
  /** One conversation with its turns; `conversation:changed` invalidates it. */
  conversation: (id: string) => ["conversations", id] as const,
  /** The hub's record of one inquiry a stored turn names. */
  inquiryRecord: (id: string) => ["inquiries", "record", id] as const,
  /** Where one inquiry was delivered and who saw it; `inquiry:receipts` writes into it. */
  receipts: (id: string) => ["inquiries", "receipts", id] as const,
  /** One inquiry's history detail. */
  historyDetail: (id: string) => ["history", "detail", id] as const,
  /** The digest of one day in one time zone. */
  digest: (day: string, timeZone: string) => ["history", "digest", day, timeZone] as const,
  /** The person's standing approval rules; also the prefix of the keys below. */
  approvalRules: ["approval-rules"] as const,
  /** The conditions the hub offers from one approval's arguments. */
  ruleSuggestions: (inquiryId: string) => ["approval-rules", "suggestions", inquiryId] as const,
  /** The hub's preview of one rule choice (the request body, as JSON-equal data). */
  rulePreview: (body: CreateApprovalRuleBody) => ["approval-rules", "preview", body] as const,
};
