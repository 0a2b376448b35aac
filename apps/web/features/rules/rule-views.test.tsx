import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { ApprovalDetails, ApprovalRule } from "@inquiry-hub/protocol";
import type { Locale } from "@/lib/i18n/locale";
import { ToastProvider } from "@/lib/ui/toast";
import { I18nProvider } from "@/features/i18n";
import { AlwaysAllowButton } from "./always-allow-button";
import { RuleRow } from "./rule-row";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

function render(node: ReactNode, locale: Locale = "en"): string {
  return renderToStaticMarkup(
    <I18nProvider initialLocale={locale}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider dismissLabel="Dismiss">{node}</ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const RULE: ApprovalRule = {
  id: "r1",
  name: "write_file · path notes/**",
  upstream: "demo",
  tool: "write_file",
  agentCredentialId: "k1",
  agentName: "laptop agent",
  conditions: [{ arg: "path", glob: ["notes/**"] }],
  createdAt: "2026-11-28T03:00:00.000Z",
  expiresAt: null,
  fromInquiryId: null,
  allowedCount: 0,
  lastAllowedAt: null,
};

const APPROVAL: ApprovalDetails = {
  upstream: "demo",
  tool: "write_file",
  description: "Write notes/today.md in the demo sandbox?",
  arguments: { path: "notes/today.md", content: "hello" },
  allowedDecisions: ["approve", "reject"],
};

describe("a rule on the Rules page", () => {
  it("says its tool, source, agent, conditions, expiry and use in words", () => {
    const html = render(<RuleRow rule={RULE} />);
    for (const text of [
      "write_file · path notes/**",
      "via demo",
      "Agent key laptop agent",
      "path under notes/",
      "until you revoke it",
      "Not used yet",
      'aria-label="Actions for write_file · path notes/**"',
    ])
      expect(html).toContain(text);
  });

  it("says when it covers any of the person's agents, in Chinese too", () => {
    const html = render(<RuleRow rule={{ ...RULE, agentCredentialId: null }} />, "zh-CN");
    expect(html).toContain("你的任意智能体密钥");
    expect(html).toContain("notes/");
  });
});

describe("Always allow… on an approval card", () => {
  const button = (approval: ApprovalDetails) =>
    render(
      <AlwaysAllowButton
        inquiryId="9b2f7d1e-4a4c-4e0a-9a43-5a1c2b3d4e5f"
        approval={approval}
        disabled={false}
        onApprove={() => undefined}
      />,
    );

  it("is offered where a rule could pass the call", () => {
    expect(button(APPROVAL)).toContain("Always allow…");
  });

  it("is not offered for a fresh-look call, nor where the policy does not allow approve", () => {
    expect(button({ ...APPROVAL, freshLook: true })).not.toContain("Always allow");
    expect(button({ ...APPROVAL, allowedDecisions: ["reject"] })).not.toContain("Always allow");
  });
});
