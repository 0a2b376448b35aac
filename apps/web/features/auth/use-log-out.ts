"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { logOut } from "./auth-client";

/**
 * Ends the session and goes to the login page; `pending` while the logout is on its way, so
 * the control that started it can be disabled.
 */
export function useLogOut(): { pending: boolean; logOutNow: () => void } {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const logOutNow = useCallback(() => {
    setPending(true);
    void logOut().then(() => {
      router.replace("/login");
      router.refresh();
    });
  }, [router]);
  return { pending, logOutNow };
}
