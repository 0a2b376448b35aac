import type { Inquiry } from "@inquiry-hub/protocol";
import type { Logger } from "../../kernel/ports";
import type { Pushed } from "./push-delivery";

/** How long one credential's questions are gathered into one notification after its first. */
export const PUSH_BURST_WINDOW_MS = 10_000;

/** How long a batch's approvals are gathered before their one notification goes out. */
export const PUSH_BATCH_GATHER_MS = 1_500;

/** A question waiting for its credential's window to end. */
interface Held {
  inquiry: Inquiry;
  pushAlone: () => Promise<Pushed>;
  settle: (pushed: Pushed) => void;
}

/** One credential's open window: the questions it holds, and the timer that ends it. */
interface Window {
  held: Held[];
  timer: ReturnType<typeof setTimeout>;
}

/** The batch an announced question belongs to: an approval of an agent credential's batch. */
function batchOf(inquiry: Inquiry): { batchId: string; credentialId: string } | undefined {
  const batchId = inquiry.approval?.batchId;
  const credentialId = inquiry.askedByCredentialId;
  return batchId === undefined || credentialId === undefined
    ? undefined
    : { batchId, credentialId };
}

/**
 * Keeps one agent credential from flooding the person's devices. A credential's question
 * after a quiet spell is pushed at once and opens a window of `windowMs`; its further
 * questions in the window are held. When the window ends, one held question is pushed on
 * its own, several become one `inquiries:grouped` notification ("Agent <name> asked 7
 * questions", open only), and a new window opens while questions keep coming. Questions of
 * no credential (opened by the hub itself) are pushed at once.
 *
 * Approvals of a batch (`approval.batchId`) are gathered instead: the batch's first one waits
 * `batchGatherMs`, the ones arriving meanwhile join it, and then ONE notification goes out
 * for the batch: the approval itself when it came alone, else one grouped notification naming
 * the batch ("5 approvals from <agent>"), so a run's calls made together buzz the phone once.
 *
 * The windows live in this node's memory: in a cluster each node gathers the questions it
 * announces, so a burst spread over N nodes reaches a device as at most N notifications per
 * window (grouped ones share the credential's tag, so the device shows one).
 */
export interface PushBursts {
  /**
   * Pushes `inquiry` through `pushAlone` now, or holds it until its credential's window ends.
   * Resolves with the subscriptions that got it on its own: none when it went out grouped
   * (a group is never withdrawn) or was forgotten first.
   */
  admit(inquiry: Inquiry, pushAlone: () => Promise<Pushed>): Promise<Pushed>;
  /** Drops a held question that was resolved before its window ended. */
  forget(inquiryId: string): void;
  /** Ends every window without pushing what it holds. */
  stop(): void;
}

export function createPushBursts(deps: {
  /**
   * Pushes the one notification standing for a credential's held questions, or (with
   * `batchId`) for the gathered approvals of one batch.
   */
  pushGroup: (
    credentialId: string,
    inquiries: readonly Inquiry[],
    batchId?: string,
  ) => Promise<void>;
  logger: Logger;
  windowMs?: number;
  batchGatherMs?: number;
}): PushBursts {
  const windowMs = deps.windowMs ?? PUSH_BURST_WINDOW_MS;
  const batchGatherMs = deps.batchGatherMs ?? PUSH_BATCH_GATHER_MS;
  const windows = new Map<string, Window>();
  /** Batch id → the approvals of it gathered so far. */
  const batches = new Map<string, Window>();

  function open(credentialId: string): void {
    const window: Window = {
      held: [],
      timer: setTimeout(() => {
        flush(credentialId, window).catch((error: unknown) =>
          deps.logger.error({ err: error, credentialId }, "web push of a burst failed"),
        );
      }, windowMs),
    };
    windows.set(credentialId, window);
  }

  /** Pushes what `held` holds: alone when one, else as one group (settling each with none). */
  async function pushHeld(held: Held[], credentialId: string, batchId?: string): Promise<void> {
    const [only] = held;
    if (only === undefined) return;
    if (held.length === 1 && only !== undefined) {
      const pushed = await only.pushAlone().catch((error: unknown) => {
        deps.logger.error(
          { err: error, inquiryId: only.inquiry.id },
          "web push of a question failed",
        );
        return [];
      });
      only.settle(pushed);
      return;
    }
    for (const each of held) each.settle([]);
    await deps.pushGroup(
      credentialId,
      held.map((each) => each.inquiry),
      batchId,
    );
  }

  async function flush(credentialId: string, window: Window): Promise<void> {
    windows.delete(credentialId);
    if (window.held.length === 0) return;
    open(credentialId);
    await pushHeld(window.held, credentialId);
  }

  /** Holds an approval of a batch until the batch's gathering ends. */
  function gather(
    { batchId, credentialId }: { batchId: string; credentialId: string },
    held: Omit<Held, "settle">,
  ): Promise<Pushed> {
    let gathering = batches.get(batchId);
    if (gathering === undefined) {
      const started: Window = {
        held: [],
        timer: setTimeout(() => {
          batches.delete(batchId);
          pushHeld(started.held, credentialId, batchId).catch((error: unknown) =>
            deps.logger.error({ err: error, batchId }, "web push of a batch failed"),
          );
        }, batchGatherMs),
      };
      batches.set(batchId, started);
      gathering = started;
    }
    const { held: list } = gathering;
    return new Promise((settle) => list.push({ ...held, settle }));
  }

  return {
    admit(inquiry, pushAlone) {
      const batch = batchOf(inquiry);
      if (batch !== undefined) return gather(batch, { inquiry, pushAlone });
      const credentialId = inquiry.askedByCredentialId;
      if (credentialId === undefined) return pushAlone();
      const window = windows.get(credentialId);
      if (window === undefined) {
        open(credentialId);
        return pushAlone();
      }
      return new Promise((settle) => window.held.push({ inquiry, pushAlone, settle }));
    },
    forget(inquiryId) {
      for (const window of [...windows.values(), ...batches.values()]) {
        const index = window.held.findIndex((each) => each.inquiry.id === inquiryId);
        if (index === -1) continue;
        window.held.splice(index, 1)[0]?.settle([]);
        return;
      }
    },
    stop() {
      for (const window of [...windows.values(), ...batches.values()]) {
        clearTimeout(window.timer);
        for (const each of window.held) each.settle([]);
      }
      windows.clear();
      batches.clear();
    },
  };
}
