"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/lib/ui/button";
import { useT } from "@/features/i18n";
import { submitCredentials } from "./auth-client";
import type { AuthMode } from "./auth-client";
import { CredentialField } from "./credential-field";
import { checkCredentials, withoutField, wordCredentialProblem } from "./credential-problems";
import type { CredentialProblem } from "./credential-problems";
import { SessionForm } from "./session-form";

const FIELD_ORDER = ["username", "password"] as const;

/**
 * Username and password, with "Log in" (Enter) and "Create account"; then `landing`. The
 * fields are checked before anything is sent; each problem is shown under its field, which
 * takes the focus, in the page's language (also after a switch).
 */
export function LoginForm({ landing }: { landing: string }) {
  const router = useRouter();
  const t = useT();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<CredentialProblem | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const inputs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const words = problem === undefined ? undefined : wordCredentialProblem(problem, t);

  function show(found: CredentialProblem) {
    setProblem(found);
    const fields = wordCredentialProblem(found, t).fields;
    const first = FIELD_ORDER.find((field) => fields[field] !== undefined);
    if (first !== undefined) inputs[first].current?.focus();
  }

  async function submit(mode: AuthMode) {
    const credentials = { username, password };
    const invalid = checkCredentials(credentials);
    if (invalid !== undefined) {
      show(invalid);
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      await submitCredentials(mode, credentials);
    } catch (failure) {
      show({ mode, failure });
      setPending(false);
      return;
    }
    router.replace(landing);
    router.refresh();
  }

  function edit(field: (typeof FIELD_ORDER)[number], value: string) {
    (field === "username" ? setUsername : setPassword)(value);
    if (problem !== undefined) setProblem(withoutField(problem, field));
  }

  return (
    <SessionForm
      onSubmit={() => void submit("login")}
      error={words?.form}
      actions={
        <>
          <Button type="submit" className="w-full" disabled={pending}>
            {t("login.logIn")}
          </Button>
          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
            <span className="h-px flex-1 bg-border" />
            {t("login.or")}
            <span className="h-px flex-1 bg-border" />
          </div>
          <Button
            type="button"
            variant="secondary"
            className="w-full"
            disabled={pending}
            onClick={() => void submit("register")}
          >
            {t("login.createAccount")}
          </Button>
        </>
      }
    >
      <CredentialField
        ref={inputs.username}
        label={t("login.username")}
        error={words?.fields.username}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => edit("username", event.target.value)}
      />
      <CredentialField
        ref={inputs.password}
        label={t("login.password")}
        error={words?.fields.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => edit("password", event.target.value)}
      />
    </SessionForm>
  );
}
