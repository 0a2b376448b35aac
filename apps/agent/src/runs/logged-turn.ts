import { parseAgentSseData } from "@inquiry-hub/protocol";
import type { RunStore } from "./ports";

/** Events read per page while folding the tail of a log. */
const PAGE = 500;

/** What a run's log holds after its checkpoint's mark, read when the run resumes. */
export interface LoggedTurn {
  /** The newest event id of the log (the resumed writer continues after it). */
  lastId: number;
  /** The content the model turn in flight at the crash already logged ("" when none). */
  text: string;
}

/**
 * Reads the log after `mark` (the checkpoint's `logMark`): everything a listener saw of the
 * step the checkpoint does not cover yet.
 */
export async function readLoggedTurn(
  store: RunStore,
  runId: string,
  mark: number,
): Promise<LoggedTurn> {
  let lastId = mark;
  let text = "";
  for (;;) {
    const page = await store.read(runId, lastId, PAGE);
    const newest = page.at(-1);
    if (newest === undefined) return { lastId, text };
    for (const event of page) {
      const parsed = parseAgentSseData(event.data);
      if (parsed.type === "content") text += parsed.text;
    }
    lastId = newest.id;
  }
}

/** Content deltas of a resumed run, minus what its listeners already saw. */
export interface ContentFilter {
  write(text: string): void;
  /** The turn in flight at the crash is over (a checkpoint): stop comparing. */
  settle(): void;
}

/**
 * Passes deltas to `emit` except the start of the first model turn while it repeats `logged`
 * (the text the crashed node already logged for that turn), so a resumed run does not show
 * it twice. When the new turn departs from `logged`, its whole text so far goes out (the
 * listener then sees both versions, as before this filter) and filtering ends.
 */
export function skipLoggedPrefix(logged: string, emit: (text: string) => void): ContentFilter {
  let rest = logged;
  let matched = "";
  return {
    write(text) {
      if (rest === "") {
        emit(text);
        return;
      }
      if (rest.startsWith(text)) {
        rest = rest.slice(text.length);
        matched += text;
      } else if (text.startsWith(rest)) {
        const beyond = text.slice(rest.length);
        rest = "";
        if (beyond !== "") emit(beyond);
      } else {
        emit(matched + text);
        rest = "";
      }
    },
    settle() {
      rest = "";
    },
  };
}
