import { describe, expect, it } from "vitest";
import type { InquiryWithdrawn } from "@inquiry-hub/protocol";
import { EMPTY_PENDING_STATE, reducePending } from "./pending-state";
import type { PendingAction, PendingState } from "./pending-state";
import { pendingInquiry as inquiry } from "@/test/fixtures/pending-inquiry";

function withdrawn(inquiryId: string, byDeviceId?: string): PendingAction {
  const event: InquiryWithdrawn = {
    inquiryId,
    status: "answered",
    resolvedAt: "2025-01-01T00:01:00.000Z",
    ...(byDeviceId === undefined ? {} : { byDeviceId }),
  };
  return { type: "withdrawn", event, thisDeviceId: "d-here" };
}

/** Applies actions in order; returns the final state and every card that left on the way. */
function run(actions: readonly PendingAction[], from: PendingState = EMPTY_PENDING_STATE) {
  let state = from;
  const leaving: string[] = [];
  for (const action of actions) {
    const next = reducePending(state, action);
    state = next.state;
    leaving.push(...next.leaving.map((card) => card.inquiry.id));
  }
  return { state, leaving };
}

describe("reducePending: new", () => {
  it("adds a new inquiry and numbers it for the alerts", () => {
    const fresh = inquiry();
    const { state } = run([{ type: "new", inquiry: fresh }]);
    expect(state.pending).toEqual([fresh]);
    expect(state.latestNew).toEqual({ inquiry: fresh, sequence: 1 });
  });

  it("ignores a duplicate new: listed once, no second alert", () => {
    const fresh = inquiry();
    const first = run([{ type: "new", inquiry: fresh }]).state;
    const second = reducePending(first, { type: "new", inquiry: fresh });
    expect(second.state).toBe(first);
    expect(second.state.latestNew?.sequence).toBe(1);
  });

  it("never lists an inquiry whose withdrawal came before its new", () => {
    const late = inquiry();
    const { state } = run([withdrawn(late.id), { type: "new", inquiry: late }]);
    expect(state.pending).toBeUndefined();
    expect(state.latestNew).toBeUndefined();
    expect(state.closedIds.has(late.id)).toBe(true);
  });
});

describe("reducePending: withdrawn and resolved", () => {
  it("removes a withdrawn card, leaving the note worded for this device", () => {
    const kept = inquiry();
    const gone = inquiry();
    const before = run([
      { type: "new", inquiry: kept },
      { type: "new", inquiry: gone },
    ]).state;
    const next = reducePending(before, withdrawn(gone.id, "d-here"));
    expect(next.state.pending).toEqual([kept]);
    expect(next.leaving).toEqual([{ inquiry: gone, note: { key: "note.answeredHere" } }]);
    expect(next.state.withdrawnNotes.get(gone.id)).toEqual({ key: "note.answeredHere" });
  });

  it("remembers a withdrawal of an unknown card without a leaving note", () => {
    const { state, leaving } = run([withdrawn("unknown")]);
    expect(leaving).toEqual([]);
    expect(state.withdrawnNotes.get("unknown")).toEqual({ key: "note.answered" });
  });

  it("closes a card this tab settled, with its own note, and keeps it closed", () => {
    const mine = inquiry();
    const note = { key: "note.approved" } as const;
    const { state, leaving } = run([
      { type: "new", inquiry: mine },
      { type: "resolved", inquiryId: mine.id, note },
      { type: "snapshot", inquiries: [mine] },
      { type: "new", inquiry: mine },
    ]);
    expect(leaving).toEqual([mine.id]);
    expect(state.pending).toEqual([]);
    expect(state.closedIds.has(mine.id)).toBe(true);
  });
});

describe("reducePending: snapshot", () => {
  it("replaces the list and lets the cards it no longer holds leave as stale", () => {
    const stays = inquiry({ createdAt: "2025-01-01T00:00:01.000Z" });
    const vanished = inquiry({ createdAt: "2025-01-01T00:00:02.000Z" });
    const arrived = inquiry({ createdAt: "2025-01-01T00:00:03.000Z" });
    const before = run([
      { type: "new", inquiry: stays },
      { type: "new", inquiry: vanished },
    ]).state;
    const next = reducePending(before, { type: "snapshot", inquiries: [arrived, stays] });
    expect(next.state.pending).toEqual([stays, arrived]);
    expect(next.leaving).toEqual([{ inquiry: vanished, note: { key: "note.stale" } }]);
    expect(next.state.closedIds.has(vanished.id)).toBe(true);
  });

  it("keeps an inquiry withdrawn before an older snapshot out of the list", () => {
    const withdrawnFirst = inquiry();
    const { state } = run([
      withdrawn(withdrawnFirst.id),
      { type: "snapshot", inquiries: [withdrawnFirst] },
    ]);
    expect(state.pending).toEqual([]);
  });
});

describe("reducePending: progress", () => {
  it("keeps the latest progress of each approval", () => {
    const id = "approval-1";
    const { state } = run([
      { type: "progress", progress: { inquiryId: id, approvals: 1, required: 2, voters: [] } },
      { type: "progress", progress: { inquiryId: id, approvals: 2, required: 2, voters: [] } },
    ]);
    expect(state.progress.get(id)?.approvals).toBe(2);
  });
});

describe("reducePending: extended", () => {
  const later = "2099-01-01T00:00:00.000Z";

  it("moves a listed inquiry's expiresAt to the extended one, leaving the others", () => {
    const asked = inquiry();
    const other = inquiry();
    const { state } = run([
      { type: "snapshot", inquiries: [asked, other] },
      { type: "extended", event: { inquiryId: asked.id, expiresAt: later } },
    ]);
    expect(state.pending).toEqual([{ ...asked, expiresAt: later }, other]);
  });

  it("ignores an older deadline and unknown inquiries", () => {
    const asked = { ...inquiry(), expiresAt: later };
    const before = run([{ type: "snapshot", inquiries: [asked] }]).state;
    const older = reducePending(before, {
      type: "extended",
      event: { inquiryId: asked.id, expiresAt: "2098-01-01T00:00:00.000Z" },
    });
    expect(older.state).toBe(before);
    const unknown = reducePending(before, {
      type: "extended",
      event: { inquiryId: inquiry().id, expiresAt: later },
    });
    expect(unknown.state).toBe(before);
  });
});

describe("reducePending: agent-waiting", () => {
  it("marks a listed inquiry's agent as away and back, leaving the others", () => {
    const asked = inquiry();
    const other = inquiry();
    const away = run([
      { type: "snapshot", inquiries: [asked, other] },
      { type: "agent-waiting", event: { inquiryId: asked.id, agentWaiting: false } },
    ]).state;
    expect(away.pending).toEqual([{ ...asked, agentWaiting: false }, other]);
    const back = reducePending(away, {
      type: "agent-waiting",
      event: { inquiryId: asked.id, agentWaiting: true },
    });
    expect(back.state.pending).toEqual([{ ...asked, agentWaiting: true }, other]);
  });

  it("ignores a repeat and unknown inquiries, and a later pending list wins", () => {
    const asked = { ...inquiry(), agentWaiting: false };
    const before = run([{ type: "snapshot", inquiries: [asked] }]).state;
    const repeat = reducePending(before, {
      type: "agent-waiting",
      event: { inquiryId: asked.id, agentWaiting: false },
    });
    expect(repeat.state).toBe(before);
    const unknown = reducePending(before, {
      type: "agent-waiting",
      event: { inquiryId: inquiry().id, agentWaiting: true },
    });
    expect(unknown.state).toBe(before);
    const reloaded = reducePending(before, {
      type: "snapshot",
      inquiries: [{ ...asked, agentWaiting: true }],
    });
    expect(reloaded.state.pending).toEqual([{ ...asked, agentWaiting: true }]);
  });
});

describe("reducePending: expiring", () => {
  const soon = "2025-01-01T01:00:00.000Z";
  const later = "2025-01-01T01:05:00.000Z";

  it("remembers the warned deadline of each open inquiry, a later one replacing it", () => {
    const asked = inquiry();
    const { state } = run([
      { type: "snapshot", inquiries: [asked] },
      { type: "expiring", event: { inquiryId: asked.id, expiresAt: soon } },
      { type: "expiring", event: { inquiryId: asked.id, expiresAt: later } },
    ]);
    expect(state.expiring.get(asked.id)).toBe(later);
  });

  it("ignores an older warning and forgets the warning once the inquiry closes", () => {
    const asked = inquiry();
    const warned = run([
      { type: "snapshot", inquiries: [asked] },
      { type: "expiring", event: { inquiryId: asked.id, expiresAt: later } },
    ]).state;
    const older = reducePending(warned, {
      type: "expiring",
      event: { inquiryId: asked.id, expiresAt: soon },
    });
    expect(older.state).toBe(warned);
    const { state } = run(
      [withdrawn(asked.id), { type: "expiring", event: { inquiryId: asked.id, expiresAt: later } }],
      warned,
    );
    expect(state.expiring.has(asked.id)).toBe(false);
  });
});
