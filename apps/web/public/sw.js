/*
 * Inquiry Hub service worker (plain JS: browsers load it as is, no bundler).
 * - App shell: the offline page and icons are cached at install; a navigation that fails
 *   (no network) falls back to the offline page. Everything else goes to the network, so
 *   inquiries are never served stale from a cache.
 * - Web Push: `inquiry:new` shows a notification tagged with the inquiry id, with the buttons the
 *   hub chose (`actions`: approve, reject, an option, open); `inquiry:expiring` replaces it
 *   (same tag, same buttons, alerting again) once a fifth of the time is left;
 *   `inquiry:withdrawn` closes the question's notification with that tag (answered elsewhere,
 *   timed out, cancelled); `inquiries:grouped` shows one notification for a burst of one
 *   credential's questions (tag `credential:<id>`), or for the approvals of one batch
 *   ("5 approvals from <agent>", tag `batch:<id>`), which only opens the inbox; `digest:daily`
 *   shows the daily digest's line (tag `digest:<day>`), which opens that day's digest page.
 * - Decision buttons come only from the hub's `actions`, and only on a body shown whole: the hub
 *   offers them only when an approval's whole summary fits, and this worker drops them from a
 *   body that is cut (ends with "…" or is longer than the hub's limit) all the same.
 * - A decision button (approve, reject, an option) POSTs the answer to the web app's own
 *   /api/inquiries/<id>/answer: same origin, so this device's httpOnly session cookie goes with
 *   it and the hub decides exactly as for a click in the app (compare-and-set, policy, votes).
 *   The body says `via: "push"`, so the audit records the push action as the channel; who
 *   decided is still this device's credential.
 *   The notification is then replaced (same tag) by what happened. No credential is ever in
 *   a push payload.
 * - A click on the notification or on "Answer" focuses an open tab on /inbox#<id>, or opens one.
 * `self.inquiryHub` exposes the push and click handlers, so the e2e suite can drive them.
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

const MAX_ACTIONS = 2;
/** The hub's notification body limit and cut mark (MAX_PUSH_BODY_LENGTH, PUSH_TRUNCATION_MARK). */
const MAX_BODY_LENGTH = 200;
const TRUNCATION_MARK = "…";

/** The payload's actions that this worker understands, checked field by field. */
function readActions(actions) {
  if (!Array.isArray(actions)) return [];
  return actions
    .filter(
      (action) =>
        action !== null &&
        typeof action === "object" &&
        (action.type === "approve" ||
          action.type === "reject" ||
          action.type === "open" ||
          (action.type === "option" && typeof action.value === "string" && action.value !== "")),
    )
    .slice(0, MAX_ACTIONS)
    .map((action) =>
      action.type === "option" ? { type: "option", value: action.value } : { type: action.type },
    );
}

/** Whether `body` is shown uncut, so a decision taken from its notification saw all of it. */
function isWhole(body) {
  return body.length <= MAX_BODY_LENGTH && !body.endsWith(TRUNCATION_MARK);
}

/** The actions a body may carry: on a cut body nothing decides, the card opens instead. */
function actionsForBody(actions, body) {
  if (isWhole(body)) return actions;
  return [{ type: "open" }];
}

/** A notification button for an action; option buttons are named by their position among options. */
function notificationAction(action, index) {
  switch (action.type) {
    case "approve":
      return { action: "approve", title: "Approve" };
    case "reject":
      return { action: "reject", title: "Reject" };
    case "option":
      return { action: `option:${index}`, title: action.value };
    default:
      return { action: "open", title: "Answer" };
  }
}

/** The title of a question's notification; an expiring one says so first. */
function questionTitle(inquiry, expiring) {
  const what = inquiry.type === "APPROVAL" ? "Approval needed" : "New question from your agent";
  if (!expiring) return what;
  return inquiry.type === "APPROVAL"
    ? "About to expire: approval needed"
    : "About to expire: question from your agent";
}

/** Shows `inquiry:new`, or `inquiry:expiring` (`expiring`) in its place with the same buttons. */
function showQuestion(message, expiring) {
  const inquiry = message.inquiry;
  if (
    inquiry === null ||
    typeof inquiry !== "object" ||
    typeof inquiry.id !== "string" ||
    typeof inquiry.question !== "string"
  ) {
    return Promise.resolve();
  }
  const actions = actionsForBody(readActions(message.actions), inquiry.question);
  const deviceName = typeof message.deviceName === "string" ? message.deviceName : undefined;
  let optionIndex = 0;
  const buttons = actions.map((action) =>
    notificationAction(action, action.type === "option" ? optionIndex++ : 0),
  );
  return self.registration.showNotification(questionTitle(inquiry, expiring), {
    body: inquiry.question,
    tag: inquiry.id,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { inquiryId: inquiry.id, kind: "question", actions, deviceName, expiring },
    actions: buttons,
    requireInteraction: true,
    // Replacing a notification under the same tag is silent unless asked: a warning alerts.
    renotify: expiring,
  });
}

/** Closes the question's notification; an outcome already shown in its place stays. */
async function closeQuestion(inquiryId) {
  const shown = await self.registration.getNotifications({ tag: inquiryId });
  for (const notification of shown) {
    if (notification.data?.kind !== "outcome") notification.close();
  }
}

/** Shows one notification for a burst of one credential's questions; a click opens the inbox. */
function showGroup(message) {
  if (typeof message.credentialId !== "string" || !Number.isInteger(message.count))
    return Promise.resolve();
  const agent =
    typeof message.agentName === "string" && message.agentName !== ""
      ? message.agentName
      : "Your agent";
  // A batch's approvals, gathered by the hub so the batch buzzes once; decided together in the app.
  const batch = typeof message.batchId === "string" ? message.batchId : undefined;
  const questions = message.count === 1 ? "1 more question" : `${message.count} more questions`;
  const approvals = message.count === 1 ? "1 approval" : `${message.count} approvals`;
  const title =
    batch === undefined ? `Agent ${agent} asked ${questions}` : `${approvals} from ${agent}`;
  return self.registration.showNotification(title, {
    body: "Open the app to see them.",
    tag: batch === undefined ? `credential:${message.credentialId}` : `batch:${batch}`,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { kind: "group" },
    actions: [{ action: "open", title: "Open" }],
    renotify: true,
  });
}

/** The daily digest's one line; a click opens the digest page of this origin (never the payload's link). */
function showDigest(message) {
  if (typeof message.text !== "string" || typeof message.day !== "string") return Promise.resolve();
  return self.registration.showNotification("Daily digest", {
    body: message.text,
    tag: `digest:${message.day}`,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { kind: "digest", day: message.day },
  });
}

function handlePushMessage(message) {
  if (message?.type === "inquiry:new") return showQuestion(message, false);
  if (message?.type === "inquiries:grouped") return showGroup(message);
  if (message?.type === "digest:daily") return showDigest(message);
  if (message?.type === "inquiry:expiring") return showQuestion(message, true);
  if (message?.type === "inquiry:withdrawn" && typeof message.inquiryId === "string")
    return closeQuestion(message.inquiryId);
  return Promise.resolve();
}

self.addEventListener("push", (event) => {
  event.waitUntil(handlePushMessage(readMessage(event)));
});

/** Focuses an open inbox on `inquiryId`'s card (the inbox itself without one), or opens it. */
function openCard(inquiryId) {
  const hash = inquiryId === undefined ? "" : `#${inquiryId}`;
  const target = new URL(`/inbox${hash}`, self.location.origin).href;
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => new URL(client.url).pathname === "/inbox");
    if (open !== undefined) return open.navigate(target).then((client) => client?.focus());
    return self.clients.openWindow(target);
  });
}

/** The answer body a decision button sends, or undefined for one that opens the app. */
function answerBody(action) {
  switch (action?.type) {
    case "approve":
      return { action: "approve" };
    case "reject":
      return { action: "reject" };
    case "option":
      return { action: "answer", response: action.value };
    default:
      return undefined;
  }
}

const STATUS_VERBS = {
  answered: "answered",
  rejected: "rejected",
  timeout: "timed out",
  cancelled: "cancelled",
};

/** What a decision's answer response means, as the replacing notification says it. */
async function describeOutcome(response, action, deviceName) {
  const where = deviceName === undefined ? "this device" : deviceName;
  const body = await response.json().catch(() => undefined);
  if (response.ok) {
    if (body?.status === "pending") return `Your vote is counted on ${where}`;
    if (action.type === "approve") return `Approved on ${where}`;
    if (action.type === "reject") return `Rejected on ${where}`;
    return `Answered "${action.value}" on ${where}`;
  }
  const details = body?.error?.details;
  if (response.status === 409 && details !== null && typeof details === "object") {
    const verb = STATUS_VERBS[details.status] ?? "answered";
    const by = typeof details.byDeviceName === "string" ? ` on ${details.byDeviceName}` : "";
    return `Already ${verb}${by}`;
  }
  if (response.status === 401) return "Not signed in on this device: open the app to answer";
  const message = typeof body?.error?.message === "string" ? `: ${body.error.message}` : "";
  return `Not sent${message}. Open the app to answer`;
}

async function decide(notification, inquiryId, action) {
  const deviceName = notification.data?.deviceName;
  let outcome;
  try {
    const response = await fetch(`/api/inquiries/${encodeURIComponent(inquiryId)}/answer`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...answerBody(action), via: "push" }),
    });
    outcome = await describeOutcome(response, action, deviceName);
  } catch {
    outcome = "Could not reach Inquiry Hub. Open the app to answer";
  }
  await self.registration.showNotification(outcome, {
    body: notification.body,
    tag: inquiryId,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { inquiryId, kind: "outcome" },
  });
}

/**
 * A click on `notification`: `actionName` is the button's (`approve`, `reject`, `option:<n>`,
 * `open`) or "" for the notification itself. Decisions are sent; everything else opens the card.
 */
function handleNotificationClick(notification, actionName) {
  if (notification.data?.kind === "group") {
    notification.close();
    return openCard(undefined);
  }
  if (notification.data?.kind === "digest") {
    notification.close();
    const day = encodeURIComponent(String(notification.data.day));
    return self.clients.openWindow(new URL(`/digest?day=${day}`, self.location.origin).href);
  }
  const inquiryId = notification.data?.inquiryId ?? notification.tag;
  const actions = actionsForBody(readActions(notification.data?.actions), notification.body);
  const chosen = actionName.startsWith("option:")
    ? actions.filter((action) => action.type === "option")[Number(actionName.slice(7))]
    : actions.find((action) => action.type === actionName);
  if (notification.data?.kind === "question" && answerBody(chosen) !== undefined) {
    return decide(notification, inquiryId, chosen);
  }
  notification.close();
  return openCard(inquiryId);
}

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(handleNotificationClick(event.notification, event.action ?? ""));
});

self.inquiryHub = { handlePushMessage, handleNotificationClick };
