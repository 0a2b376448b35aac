/**
 * The open batch of each agent credential: the id of the batch its last approval joined, kept
 * while approvals keep arriving (a sliding window). Shared by every node of a hub, so calls
 * of one credential landing on different nodes still join one batch.
 */
export interface BatchWindows {
  /**
   * The batch `scope` opened within the last `windowMs`, its window moved to end `windowMs`
   * from now; when none is open, `candidate` becomes the open one (set-if-absent, so of racing
   * callers every one gets the same id). Rejects when the store cannot be reached.
   */
  join(scope: string, candidate: string, windowMs: number): Promise<string>;
}
