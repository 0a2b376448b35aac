/** Screen reader announcements: the page's one polite live region and the hook that speaks in it. */
export { AnnouncerProvider, useAnnounceOnMount } from "./announcer";
