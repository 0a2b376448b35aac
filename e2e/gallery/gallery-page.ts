import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { LANGUAGES, THEMES } from "./gallery-shots";
import type { Size } from "./gallery-shots";

/** The pages of the gallery in the order a person meets them, each with what it shows. */
export const GALLERY_PAGES = [
  { name: "login", title: "Log in or create an account" },
  { name: "chat-approval", title: "The chat with a gated tool call waiting for approval" },
  { name: "inbox", title: "The inbox with the approval waiting" },
  {
    name: "rules-dialog",
    title: "Always allow: a rule made from the approval, with the hub's preview",
  },
  { name: "inbox-batch", title: "The inbox with five approvals of one agent run as one group" },
  { name: "inbox-risk", title: "The inbox with a high-risk approval, led by its risk label" },
  { name: "chat", title: "The chat with the agent's question" },
  { name: "history", title: "History" },
  { name: "history-detail", title: "One approval in history" },
  { name: "devices", title: "Devices and pairing" },
  { name: "pair", title: "A phone opening the pairing link" },
  { name: "rules", title: "Rules: the person's standing rules, what each allowed, until when" },
  { name: "agent-keys", title: "Agent keys" },
  {
    name: "settings",
    title: "Settings: how questions reach the person, quiet hours and the daily digest",
  },
] as const;
export type GalleryPageName = (typeof GALLERY_PAGES)[number]["name"];

const DOCS_PAGE = fileURLToPath(new URL("../../docs/guide/screens.md", import.meta.url));

const SIZES: readonly Size[] = ["desk", "phone"];

function picture(language: string, name: string, size: Size, theme: string): string {
  const width = size === "desk" ? 320 : 140;
  const file = `../screenshots/gallery/${language}/${name}.${size}.${theme}.png`;
  return `<img src="${file}" alt="${name}, ${language}, ${size}, ${theme}" width="${width}">`;
}

/**
 * docs/guide/screens.md, written from the same list the gallery shoots, so the page never names
 * a picture that is not taken. Each page gets a row per language: desk light and dark, phone
 * light and dark.
 */
export async function writeGalleryPage(): Promise<void> {
  const sections = GALLERY_PAGES.map(({ name, title }) => {
    const rows = LANGUAGES.map(({ code }) =>
      [
        `**${code}**`,
        ...SIZES.flatMap((size) => THEMES.map((theme) => picture(code, name, size, theme))),
      ]
        .join(" | ")
        .replace(/^/, "| ")
        .concat(" |"),
    );
    return [
      `## ${title}`,
      "",
      "| | desk, light | desk, dark | phone, light | phone, dark |",
      "| --- | --- | --- | --- | --- |",
      ...rows,
    ].join("\n");
  });
  const page = [
    "# Every screen",
    "",
    "<!-- Written by `npm run screenshots` (e2e/gallery); edit e2e/gallery/gallery-page.ts instead. -->",
    "",
    "Each page of the web app as the running product shows it: on a desk (1280×800) and on a",
    "phone (Pixel 7, 412×915), in the light and the dark theme (the app follows the system's),",
    "in English and in Chinese. `npm run screenshots` takes them all again from a fresh product.",
    "",
    sections.join("\n\n"),
    "",
  ].join("\n");
  await mkdir(fileURLToPath(new URL("../../docs/guide/", import.meta.url)), { recursive: true });
  await writeFile(DOCS_PAGE, page);
}
