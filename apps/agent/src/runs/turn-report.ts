import { RUN_METADATA_KEYS, replyPartsFromSseData } from "@inquiry-hub/protocol";
import type { RunStatus } from "@inquiry-hub/protocol";
import type { HubClient, RunRecord, RunStore } from "./ports";

/** Events read per page when the whole log is folded into the reply. */
const PAGE = 500;

/** The hub conversation turn a run answers, from its `metadata`; undefined for a bare run. */
function turnOf(run: RunRecord): { conversationId: string; turnId: string } | undefined {
  const conversationId = run.metadata[RUN_METADATA_KEYS.conversationId];
  const turnId = run.metadata[RUN_METADATA_KEYS.turnId];
  return conversationId === undefined || turnId === undefined
    ? undefined
    : { conversationId, turnId };
}

async function readWholeLog(store: RunStore, runId: string): Promise<string[]> {
  const data: string[] = [];
  for (let after = 0; ;) {
    const page = await store.read(runId, after, PAGE);
    const newest = page.at(-1);
    if (newest === undefined) return data;
    data.push(...page.map((event) => event.data));
    after = newest.id;
  }
}

/** Tells the hub the turn is being answered by this run (best effort). */
export async function reportTurnStarted(hub: HubClient, run: RunRecord): Promise<void> {
  const turn = turnOf(run);
  if (!turn) return;
  await hub.updateTurn(run.bearer, turn.conversationId, turn.turnId, {
    status: "running",
    runId: run.id,
  });
}

/**
 * Stores the run's final status and reply on its turn (best effort): the reply is the whole
 * log folded by the protocol's one reply builder, so the stored turn reads as the stream did.
 */
export async function reportTurnEnded(
  store: RunStore,
  hub: HubClient,
  run: RunRecord,
  status: Exclude<RunStatus, "running">,
): Promise<void> {
  const turn = turnOf(run);
  if (!turn) return;
  const reply = replyPartsFromSseData(await readWholeLog(store, run.id));
  await hub.updateTurn(run.bearer, turn.conversationId, turn.turnId, {
    status,
    runId: run.id,
    reply,
  });
}
