"use client";

import { useEffect, useState } from "react";
import { useT } from "@/features/i18n";
import { notificationState, requestNotificationPermission } from "./browser-notifications";
import type { NotificationState } from "./browser-notifications";

/** "Enable notifications": asks for permission on a click, never by itself. */
export function EnableNotificationsButton() {
  const t = useT();
  const [state, setState] = useState<NotificationState | undefined>(undefined);

  useEffect(() => {
    setState(notificationState());
  }, []);

  switch (state) {
    case undefined:
    case "unsupported":
    case "granted":
      return null;
    case "denied":
      return <p className="hint">{t("inbox.notificationsBlocked")}</p>;
    case "default":
      return (
        <button
          type="button"
          className="button--secondary"
          onClick={() => void requestNotificationPermission().then(setState)}
        >
          {t("inbox.enableNotifications")}
        </button>
      );
  }
}
