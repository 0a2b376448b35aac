"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/features/i18n";
import { logOut } from "./auth-client";

/** Ends the session and goes to the login page. */
export function LogoutButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const t = useT();
  return (
    <button
      type="button"
      className="button--secondary"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void logOut().then(() => {
          router.replace("/login");
          router.refresh();
        });
      }}
    >
      {t("header.logOut")}
    </button>
  );
}
