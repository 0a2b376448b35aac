/**
 * Which sealed `requestState` values (see request-state.ts) have already been redeemed, so a
 * retried approval call carries its decision at most once, on any node. The seal proves a
 * state is genuine; only this set can prove it is fresh.
 */
export interface UsedRequestStates {
  /**
   * Marks `stateId` used for `ttlMs` (at least until the state itself expires) and answers
   * true when this call marked it, false when it was already marked. Set-if-absent,
   * atomically: of racing consumers of one id exactly one gets true. Rejects when the store
   * cannot be reached; callers then refuse, since a mark that may not have landed cannot
   * prove single use.
   */
  consume(stateId: string, ttlMs: number): Promise<boolean>;
}
