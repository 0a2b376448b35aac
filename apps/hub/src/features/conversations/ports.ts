import type { ConversationSummary, Turn } from "@inquiry-hub/protocol";

/**
 * A conversation as stored: the wire `Conversation` without the derived `running`, plus the
 * owner. `running` is never stored, so it cannot disagree with the last turn.
 */
export interface ConversationRecord {
  id: string;
  /** The person it belongs to; every read and write is checked against the caller's user. */
  userId: string;
  /** Empty until the person names it or the first message does. */
  title: string;
  createdAt: string;
  updatedAt: string;
  /** Oldest first. */
  turns: Turn[];
}

/**
 * Computes the next record from the stored one, or throws a HubError to refuse (nothing is
 * written then). Must be pure: a store may call it again after losing a race to another writer.
 */
export type ConversationChange = (current: ConversationRecord) => ConversationRecord;

/**
 * Port: where people's conversations live (memory for tests, the embedded store for one
 * node, Redis for several). Two writers may race on one conversation — the agent reporting a
 * run's end while the person renames it, or two agent nodes finishing the same turn — so
 * `update` is a compare-and-set: the change applies to exactly the record it read.
 */
export interface ConversationStore {
  /**
   * Stores a new conversation unless its user already keeps `maxPerUser`; false when full.
   * Atomic: two creations racing at the limit cannot both succeed.
   */
  insert(record: ConversationRecord, maxPerUser: number): Promise<boolean>;
  get(id: string): Promise<ConversationRecord | undefined>;
  /** Summaries of every conversation of the user, in no particular order. */
  listSummaries(userId: string): Promise<ConversationSummary[]>;
  /**
   * Applies `change` atomically and returns the written record; undefined when there is no
   * such conversation. An error thrown by `change` leaves the record as it was.
   */
  update(id: string, change: ConversationChange): Promise<ConversationRecord | undefined>;
  /** Deletes the user's conversation; false when it was not there. */
  remove(userId: string, id: string): Promise<boolean>;
}
