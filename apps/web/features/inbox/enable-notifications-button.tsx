"use client";

import { useEffect, useState } from "react";
import { Bell } from "lucide-react";
import { Button } from "@/lib/ui/button";
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
      return <p className="text-sm text-muted-foreground">{t("inbox.notificationsBlocked")}</p>;
    case "default":
      return (
        <Button
          type="button"
          variant="secondary"
          className="min-h-11 sm:min-h-10"
          onClick={() => void requestNotificationPermission().then(setState)}
        >
          <Bell aria-hidden />
          {t("inbox.enableNotifications")}
        </Button>
      );
  }
}
