"use client";

import { Check, X } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/lib/ui/card";
import { useT } from "@/features/i18n";

const CODE =
  "rounded-lg bg-muted px-3 py-2 font-mono text-sm whitespace-pre-wrap [overflow-wrap:anywhere]";

function Ability({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  const Icon = allowed ? Check : X;
  return (
    <li className="flex items-start gap-2">
      <Icon
        className={`mt-0.5 size-4 shrink-0 ${allowed ? "text-success-foreground" : "text-destructive-muted-foreground"}`}
        aria-hidden
      />
      <span>{children}</span>
    </li>
  );
}

/**
 * How to hand a key to an agent and what it is allowed to do with it. `hubUrl` is the hub
 * as this browser reaches it, so the endpoints shown are ones the person can paste.
 */
export function AgentKeyUsage({ hubUrl }: { hubUrl: string }) {
  const t = useT();
  return (
    <Card className="p-4 sm:p-5">
      <section className="grid gap-3 text-sm" aria-labelledby="agent-key-usage-heading">
        <h2 id="agent-key-usage-heading" className="text-lg font-semibold">
          {t("agentKeys.usageHeading")}
        </h2>
        <p>{t("agentKeys.usageHeader")}</p>
        <pre className={CODE}>
          <code>Authorization: Bearer &lt;secret&gt;</code>
        </pre>
        <p>{t("agentKeys.usageEndpoints")}</p>
        <pre className={CODE} data-testid="agent-key-endpoints">
          <code>
            {`${hubUrl}/mcp`}
            {"\n"}
            {`${hubUrl}/proxy/<name>/mcp`}
          </code>
        </pre>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <h3 className="font-semibold">{t("agentKeys.canHeading")}</h3>
            <ul className="grid gap-1.5">
              <Ability allowed>{t("agentKeys.canCall")}</Ability>
              <Ability allowed>{t("agentKeys.canRead")}</Ability>
            </ul>
          </div>
          <div className="grid content-start gap-2">
            <h3 className="font-semibold">{t("agentKeys.cannotHeading")}</h3>
            <ul className="grid gap-1.5">
              <Ability allowed={false}>{t("agentKeys.cannotResolve")}</Ability>
              <Ability allowed={false}>{t("agentKeys.cannotChange")}</Ability>
              <Ability allowed={false}>{t("agentKeys.cannotSocket")}</Ability>
            </ul>
          </div>
        </div>
      </section>
    </Card>
  );
}
