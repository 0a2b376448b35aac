import type { Inquiry } from "@inquiry-hub/protocol";
import type { Logger } from "../../kernel/ports";
import type { Pushed } from "./push-delivery";

/** How long one credential's questions are gathered into one notification after its first. */
export const PUSH_BURST_WINDOW_MS = 10_000;

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

/**
 * Keeps one agent credential from flooding the person's devices. A credential's question
 * after a quiet spell is pushed at once and opens a window of `windowMs`; its further
 * questions in the window are held. When the window ends, one held question is pushed on
 * its own, several become one `inquiries:grouped` notification ("Agent <name> asked 7
 * questions", open only), and a new window opens while questions keep coming. Questions of
 * no credential (opened by the hub itself) are pushed at once.
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
  /** Pushes the one notification standing for a credential's held questions. */
  pushGroup: (credentialId: string, inquiries: readonly Inquiry[]) => Promise<void>;
  logger: Logger;
  windowMs?: number;
}): PushBursts {
  const windowMs = deps.windowMs ?? PUSH_BURST_WINDOW_MS;
  const windows = new Map<string, Window>();

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

  async function flush(credentialId: string, window: Window): Promise<void> {
    windows.delete(credentialId);
    const held = window.held;
    if (held.length === 0) return;
    open(credentialId);
    const [only] = held;
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
    );
  }

  return {
    admit(inquiry, pushAlone) {
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
      for (const window of windows.values()) {
        const index = window.held.findIndex((each) => each.inquiry.id === inquiryId);
        if (index === -1) continue;
        window.held.splice(index, 1)[0]?.settle([]);
        return;
      }
    },
    stop() {
      for (const window of windows.values()) {
        clearTimeout(window.timer);
        for (const each of window.held) each.settle([]);
      }
      windows.clear();
    },
  };
}
