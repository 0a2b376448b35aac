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

/** Whose pins: one person's view of one upstream (a definition one person accepted binds no one else). */
export interface PinScope {
  userId: string;
  upstream: string;
}

/**
 * The digest of each upstream tool's definition as first seen (see definitionDigest), so a
 * definition that changes later is noticed rather than trusted by its name.
 */
export interface ToolDefinitionPins {
  /**
   * Pins each named tool's digest that has no pin yet, set-if-absent per tool (of racing
   * first sightings one wins), and answers the pinned digest of every named tool afterwards.
   */
  pinFirstSeen(scope: PinScope, digests: Record<string, string>): Promise<Record<string, string>>;
  /** Replaces one tool's pin: the person approved a call showing its changed definition. */
  accept(scope: PinScope, tool: string, digest: string): Promise<void>;
}
