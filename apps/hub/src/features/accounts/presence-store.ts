/**
 * Which of a person's devices are in front of them now, shared by every node: a node marks a
 * device whose socket it holds "here" for a while and renews the mark while the device stays
 * so; a mark nobody renews (the device went away, or its node died) expires by itself, so no
 * stale "visible tab" outlives its node by more than the mark's time to live.
 */
export interface PresenceStore {
  /** Marks the device here until `ttlMs` from now, replacing its earlier mark. */
  markHere(userId: string, deviceId: string, ttlMs: number): Promise<void>;
  /** The device is no longer in front of its person (hidden, blurred, disconnected). */
  clear(userId: string, deviceId: string): Promise<void>;
  /** The person's devices whose mark has not expired, in no particular order. */
  hereDevices(userId: string): Promise<string[]>;
}
