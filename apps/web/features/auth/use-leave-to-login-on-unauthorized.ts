"use client";

import { useEffect } from "react";
import { ApiClientError } from "@/lib/client/api-client-error";
import { leaveToLogin } from "./leave-to-login";

/**
 * Leaves to the login page once a page's query fails with 401: the hub no longer accepts this
 * device, so nothing on the page can load.
 */
export function useLeaveToLoginOnUnauthorized(error: unknown): void {
  useEffect(() => {
    if (error instanceof ApiClientError && error.status === 401) leaveToLogin();
  }, [error]);
}
