/*
 * Inquiry Hub service worker (plain JS: browsers load it as is, no bundler).
 * - App shell: the offline page and icons are cached at install; a navigation that fails
 *   (no network) falls back to the offline page. Everything else goes to the network, so
 *   inquiries are never served stale from a cache.
 * - Web Push: `inquiry:new` shows a notification tagged with the inquiry id; `inquiry:withdrawn`
 *   closes the notification with that tag (answered elsewhere, timed out, cancelled).
 * - A notification click focuses an open tab on /inbox#<id>, or opens one.
 */
const SHELL_CACHE = "inquiry-hub-shell-v1";
const OFFLINE_URL = "/offline.html";
const SHELL_URLS = [OFFLINE_URL, "/icons/icon-192.png", "/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_URLS))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== SHELL_CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.respondWith(
    fetch(event.request).catch(() =>
      caches.match(OFFLINE_URL).then((cached) => cached ?? Response.error()),
    ),
  );
});

/** The push payload, or undefined when it is not one of ours. */
function readMessage(event) {
  try {
    const message = event.data?.json();
    return message && typeof message.type === "string" ? message : undefined;
  } catch {
    return undefined;
  }
}

async function closeNotification(inquiryId) {
  const shown = await self.registration.getNotifications({ tag: inquiryId });
  for (const notification of shown) notification.close();
}

self.addEventListener("push", (event) => {
  const message = readMessage(event);
  if (message?.type === "inquiry:new") {
    const { inquiry } = message;
    event.waitUntil(
      self.registration.showNotification(
        inquiry.type === "APPROVAL" ? "Approval needed" : "New question from your agent",
        {
          body: inquiry.question,
          tag: inquiry.id,
          icon: "/icons/icon-192.png",
          badge: "/icons/icon-192.png",
          data: { inquiryId: inquiry.id },
          requireInteraction: true,
        },
      ),
    );
  } else if (message?.type === "inquiry:withdrawn") {
    event.waitUntil(closeNotification(message.inquiryId));
  }
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const inquiryId = event.notification.data?.inquiryId ?? event.notification.tag;
  const target = new URL(`/inbox#${inquiryId}`, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname === "/inbox");
      if (open !== undefined) return open.navigate(target).then((client) => client?.focus());
      return self.clients.openWindow(target);
    }),
  );
});
