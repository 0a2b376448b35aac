import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locale";
import { I18nProvider } from "@/features/i18n";
import { pendingInquiry } from "@/test/fixtures/pending-inquiry";
import { LiveInquiriesContext, EMPTY_PENDING_STATE, reducePending } from "@/features/live";
import type { LiveInquiriesValue } from "@/features/live";
import { cardState } from "./card-state";
import { CardStatus, useAgentWaiting } from "./card-status";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

/** The live value a tab holds after its pending list `pending`. */
function liveWith(pending: LiveInquiriesValue["pending"]): LiveInquiriesValue {
  return {
    closedIds: new Set(),
    withdrawnNotes: new Map(),
    progress: new Map(),
    pending,
    expiring: new Map(),
    latestNew: undefined,
    leaving: [],
    settleLocally: () => undefined,
  };
}

/** A card's status as a card of `inquiryId` renders it, 90 s before its deadline. */
function StatusOf({ inquiryId, expiring }: { inquiryId: string; expiring: boolean }) {
  const state = cardState(useAgentWaiting(inquiryId), expiring);
  return <CardStatus state={state} left={90_000} expiring={expiring} />;
}

function render(
  inquiryId: string,
  live: LiveInquiriesValue,
  { locale = "en", expiring = false }: { locale?: Locale; expiring?: boolean } = {},
): string {
  return renderToStaticMarkup(
    <I18nProvider initialLocale={locale}>
      <LiveInquiriesContext.Provider value={live}>
        <StatusOf inquiryId={inquiryId} expiring={expiring} />
      </LiveInquiriesContext.Provider>
    </I18nProvider>,
  );
}

describe("cardState", () => {
  it.each([
    [undefined, false, "waiting"],
    [true, false, "waiting"],
    [true, true, "expiring"],
    [undefined, true, "expiring"],
    [false, false, "away"],
    [false, true, "away"],
  ] as const)("agent waiting %s, expiring %s: %s", (agentWaiting, expiring, state) => {
    expect(cardState(agentWaiting, expiring)).toBe(state);
  });
});

describe("CardStatus", () => {
  it("says Waiting while the agent's call is attached, on records that never said, and without a record", () => {
    const asked = pendingInquiry();
    for (const live of [
      liveWith([asked]),
      liveWith([{ ...asked, agentWaiting: true }]),
      liveWith(undefined),
    ]) {
      const html = render(asked.id, live);
      expect(html).toContain('data-state="waiting"');
      expect(html).toContain(">Waiting<");
      expect(html).toContain("1:30 left");
    }
  });

  it("says the agent is not waiting once its call left, in the page's language", () => {
    const asked = pendingInquiry({ agentWaiting: false });
    const html = render(asked.id, liveWith([asked]));
    expect(html).toContain('data-state="away"');
    expect(html).toContain("The agent is not waiting right now");
    expect(render(asked.id, liveWith([asked]), { locale: "zh-CN" })).toContain(
      "智能体此刻没有在等",
    );
  });

  it("says Expiring soon and marks the countdown in the last fifth", () => {
    const asked = pendingInquiry();
    const html = render(asked.id, liveWith([asked]), { expiring: true });
    expect(html).toContain("Expiring soon");
    expect(html).toContain('data-expiring="true"');
  });

  it("follows the hub's inquiry:agent-waiting events through the pending state", () => {
    const asked = pendingInquiry();
    const listed = reducePending(EMPTY_PENDING_STATE, { type: "snapshot", inquiries: [asked] });
    const away = reducePending(listed.state, {
      type: "agent-waiting",
      event: { inquiryId: asked.id, agentWaiting: false },
    });
    expect(render(asked.id, liveWith(away.state.pending))).toContain('data-state="away"');
    const back = reducePending(away.state, {
      type: "agent-waiting",
      event: { inquiryId: asked.id, agentWaiting: true },
    });
    expect(render(asked.id, liveWith(back.state.pending))).toContain('data-state="waiting"');
  });
});
