import type { MetadataRoute } from "next";

/**
 * The web app manifest (served at /manifest.webmanifest): makes the app installable, so a
 * phone can put the inbox on its home screen and open it without browser chrome. The icons
 * are committed PNGs drawn by scripts/generate-icons.ts from the same mark as the tab's
 * app/icon.svg and app/favicon.ico; maskable ones keep the mark inside the safe zone for
 * launchers that crop.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/inbox",
    name: "Inquiry Hub",
    short_name: "Inquiries",
    description: "Answer your agents' questions and approvals from any device.",
    start_url: "/inbox",
    scope: "/",
    display: "standalone",
    background_color: "#f6f7f9",
    theme_color: "#2454d6",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
