"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { CreatedAgentKey } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";

type CopyState = "idle" | "copied" | "failed";

/**
 * The one showing of a new key's secret: read-only, selectable, a Copy button, and the
 * warning that it will not be shown again. Focus moves here when it appears, so a screen
 * reader reads the warning before anything else. Give it `key={created.key.id}` so a second
 * key starts afresh.
 */
export function NewSecretPanel({
  created,
  onDismiss,
}: {
  created: CreatedAgentKey;
  onDismiss: () => void;
}) {
  const t = useT();
  const secretId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<CopyState>("idle");

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    <section
      className="agent-key-secret"
      aria-labelledby="agent-key-secret-heading"
      data-testid="agent-key-secret"
    >
      <h2 id="agent-key-secret-heading" ref={headingRef} tabIndex={-1}>
        {t("agentKeys.secretHeading", { name: created.key.name })}
      </h2>
      <p className="agent-key-secret__warning">{t("agentKeys.secretOnce")}</p>
      <label htmlFor={secretId}>{t("agentKeys.secret")}</label>
      <div className="agent-key-secret__row">
        <input
          id={secretId}
          className="agent-key-secret__value"
          readOnly
          value={created.secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
        />
        <button type="button" onClick={() => void copySecret()}>
          {t("agentKeys.copy")}
        </button>
      </div>
      <p role="status" className={copy === "failed" ? "error" : "hint"}>
        {copy === "copied" && t("agentKeys.copied")}
        {copy === "failed" && t("agentKeys.copyFailed")}
      </p>
      <button type="button" className="button--secondary" onClick={onDismiss}>
        {t("agentKeys.dismiss")}
      </button>
    </section>
  );
}
