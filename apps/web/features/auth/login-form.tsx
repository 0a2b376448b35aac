"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { ApiClientError } from "@/lib/client/api-client-error";
import { describeApiError } from "@/lib/client/describe-api-error";
import type { Translate } from "@/lib/i18n/translate";
import { useT } from "@/features/i18n";
import { submitCredentials } from "./auth-client";
import type { AuthMode } from "./auth-client";
import { SessionForm } from "./session-form";

/**
 * The words for a failed log-in or sign-up. The hub refuses every registration it will not do
 * (a taken name, or a LAN hub that already has its account) with one 403, so the page says
 * the same for all of them rather than guess which it was.
 */
function describeFailure(mode: AuthMode, failure: unknown, t: Translate): string {
  if (mode === "register" && failure instanceof ApiClientError && failure.status === 403)
    return t("login.registrationRefused");
  return describeApiError(failure, t, "login.failed");
}

/** Username and password, with "Log in" (Enter) and "Create account"; then `landing`. */
export function LoginForm({ landing }: { landing: string }) {
  const router = useRouter();
  const t = useT();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const usernameId = useId();
  const passwordId = useId();

  async function submit(mode: AuthMode) {
    setPending(true);
    setError(undefined);
    try {
      await submitCredentials(mode, { username, password });
    } catch (failure) {
      setError(describeFailure(mode, failure, t));
      setPending(false);
      return;
    }
    router.replace(landing);
    router.refresh();
  }

  return (
    <SessionForm
      onSubmit={() => void submit("login")}
      error={error}
      actions={
        <>
          <button type="submit" disabled={pending}>
            {t("login.logIn")}
          </button>
          <button
            type="button"
            className="button--secondary"
            disabled={pending}
            onClick={() => void submit("register")}
          >
            {t("login.createAccount")}
          </button>
        </>
      }
    >
      <label htmlFor={usernameId}>{t("login.username")}</label>
      <input
        id={usernameId}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <label htmlFor={passwordId}>{t("login.password")}</label>
      <input
        id={passwordId}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
    </SessionForm>
  );
}
