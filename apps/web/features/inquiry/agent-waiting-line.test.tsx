import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locale";
import { I18nProvider } from "@/features/i18n";
import { pendingInquiry } from "@/test/fixtures/pending-inquiry";
import { LiveInquiriesContext, EMPTY_PENDING_STATE, reducePending } from "@/features/live";
import type { LiveInquiriesValue } from "@/features/live";
import { AgentWaitingLine } from "./agent-waiting-line";

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

function render(inquiryId: string, live: LiveInquiriesValue, locale: Locale = "en"): string {
  return renderToStaticMarkup(
    <I18nProvider initialLocale={locale}>
      <LiveInquiriesContext.Provider value={live}>
        <AgentWaitingLine inquiryId={inquiryId} />
      </LiveInquiriesContext.Provider>
    </I18nProvider>,
  );
}

describe("AgentWaitingLine", () => {
  it("says the agent waits while its call is attached, and on records that never said", () => {
    const asked = pendingInquiry();
    for (const inquiry of [asked, { ...asked, agentWaiting: true }]) {
      const html = render(asked.id, liveWith([inquiry]));
      expect(html).toContain('data-waiting="true"');
      expect(html).toContain('role="status"');
      expect(html).toContain("The agent is waiting for your answer");
    }
  });

  it("says the agent stepped away once its call left, in the page's language", () => {
    const asked = pendingInquiry({ agentWaiting: false });
    const html = render(asked.id, liveWith([asked]));
    expect(html).toContain('data-waiting="false"');
    expect(html).toContain("The agent stepped away — it will get your answer when it asks again");
    expect(render(asked.id, liveWith([asked]), "zh-CN")).toContain("智能体暂时离开了");
  });

  it("follows the hub's inquiry:agent-waiting events through the pending state", () => {
    const asked = pendingInquiry();
    const listed = reducePending(EMPTY_PENDING_STATE, { type: "snapshot", inquiries: [asked] });
    const away = reducePending(listed.state, {
      type: "agent-waiting",
      event: { inquiryId: asked.id, agentWaiting: false },
    });
    expect(render(asked.id, liveWith(away.state.pending))).toContain("stepped away");
    const back = reducePending(away.state, {
      type: "agent-waiting",
      event: { inquiryId: asked.id, agentWaiting: true },
    });
    expect(render(asked.id, liveWith(back.state.pending))).toContain("is waiting");
  });

  it("shows nothing for an inquiry the tab has no record of", () => {
    expect(render(pendingInquiry().id, liveWith(undefined))).toBe("");
    expect(render(pendingInquiry().id, liveWith([pendingInquiry()]))).toBe("");
  });
});
