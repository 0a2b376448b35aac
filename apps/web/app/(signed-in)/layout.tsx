import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { AppHeader } from "./app-header";
import { LiveAlerts } from "@/features/inbox";
import { HubSocketProvider, ProtocolMismatchNotice } from "@/features/live";
import { ServiceWorkerRegistrar } from "@/features/pwa";
import { readToken, readUser } from "@/lib/server/session";

/**
 * Every signed-in page (chat, inbox, devices): the header and this tab's one live
 * connection to the hub, kept while moving between pages.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  if ((await readToken()) === undefined) redirect("/login");
  const user = await readUser();
  return (
    <div className="page">
      <ServiceWorkerRegistrar />
      <HubSocketProvider>
        <AppHeader username={user?.username} />
        <ProtocolMismatchNotice />
        <LiveAlerts />
        {children}
      </HubSocketProvider>
    </div>
  );
}
