"use client";

import { useT } from "@/features/i18n";

/**
 * How to hand a key to an agent and what it is allowed to do with it. `hubUrl` is the hub
 * as this browser reaches it, so the endpoints shown are ones the person can paste.
 */
export function AgentKeyUsage({ hubUrl }: { hubUrl: string }) {
  const t = useT();
  return (
    <section className="agent-keys__section" aria-labelledby="agent-key-usage-heading">
      <h2 id="agent-key-usage-heading">{t("agentKeys.usageHeading")}</h2>
      <p>{t("agentKeys.usageHeader")}</p>
      <pre className="agent-keys__code">
        <code>Authorization: Bearer &lt;secret&gt;</code>
      </pre>
      <p>{t("agentKeys.usageEndpoints")}</p>
      <pre className="agent-keys__code" data-testid="agent-key-endpoints">
        <code>
          {`${hubUrl}/mcp`}
          {"\n"}
          {`${hubUrl}/proxy/<name>/mcp`}
        </code>
      </pre>
      <div className="agent-keys__abilities">
        <div>
          <h3>{t("agentKeys.canHeading")}</h3>
          <ul>
            <li>{t("agentKeys.canCall")}</li>
            <li>{t("agentKeys.canRead")}</li>
          </ul>
        </div>
        <div>
          <h3>{t("agentKeys.cannotHeading")}</h3>
          <ul>
            <li>{t("agentKeys.cannotResolve")}</li>
            <li>{t("agentKeys.cannotChange")}</li>
            <li>{t("agentKeys.cannotSocket")}</li>
          </ul>
        </div>
      </div>
    </section>
  );
}
