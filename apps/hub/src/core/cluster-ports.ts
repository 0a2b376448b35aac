/**
 * What the pending sweeper needs from a store shared by several hub nodes. The in-memory,
 * single-node hub has no such index: its own backstop timers are the whole story there.
 */
export interface PendingIndex {
  /**
   * Ids of pending inquiries whose `expiresAt` is at or before `dueBefore`, oldest first, at
   * most `limit`: inquiries whose holder's own backstop timer should already have fired.
   */
  overdue(dueBefore: Date, limit: number): Promise<string[]>;
  /**
   * Ids of pending inquiries whose holder node has lost its lease (crashed, killed, cut off),
   * at most `limit`. Returns nothing while this node cannot yet tell a dead holder from one
   * that has not had the chance to renew (see the lease's `canJudgeOthers`).
   */
  orphaned(limit: number): Promise<string[]>;
}
