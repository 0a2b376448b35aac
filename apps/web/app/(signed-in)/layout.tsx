import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { LiveAlerts } from "@/features/inbox";
import { HubSocketProvider, ProtocolMismatchNotice } from "@/features/live";
import { ServiceWorkerRegistrar } from "@/features/pwa";
import { readToken, readUser } from "@/lib/server/session";
import { AppHeader } from "./app-header";
import { BottomNav } from "./bottom-nav";

/**
 * Every signed-in page (chat, inbox, history, devices, agent keys): the header, the phone's
 * bottom navigation (the page keeps 4 rem free above it) and this tab's one live connection
 * to the hub, kept while moving between pages.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  if ((await readToken()) === undefined) redirect("/login");
  const username = (await readUser())?.username;
  return (
    <div className="flex min-h-dvh flex-col">
      <ServiceWorkerRegistrar />
      <HubSocketProvider>
        <AppHeader username={username} />
        <ProtocolMismatchNotice />
        <LiveAlerts />
        <div className="flex min-w-0 flex-1 flex-col pb-[calc(4rem+env(safe-area-inset-bottom))] sm:pb-0">
          {children}
        </div>
        <BottomNav username={username} />
      </HubSocketProvider>
    </div>
  );
}
