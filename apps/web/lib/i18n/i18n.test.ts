import { describe, expect, it } from "vitest";
import { LOCALES, negotiateLocale } from "./locale";
import { createTranslator, interpolate, messagesOf } from "./translate";

const PLACEHOLDER = /\{(\w+)\}/g;

function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "").sort();
}

describe("negotiateLocale", () => {
  it("takes the first supported language in the browser's order", () => {
    expect(negotiateLocale("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(negotiateLocale("en-US,en;q=0.9,zh-CN;q=0.8")).toBe("en");
    expect(negotiateLocale("fr-FR,fr;q=0.9,zh;q=0.5")).toBe("zh-CN");
  });

  it("ranks by quality, not by position, and ignores q=0", () => {
    expect(negotiateLocale("en;q=0.3,zh-Hans-CN;q=0.7")).toBe("zh-CN");
    expect(negotiateLocale("zh-CN;q=0,en;q=0.2")).toBe("en");
  });

  it("maps every Chinese tag to Simplified Chinese", () => {
    expect(negotiateLocale("zh-TW")).toBe("zh-CN");
    expect(negotiateLocale("ZH-sg")).toBe("zh-CN");
  });

  it("falls back to English for missing, empty, wildcard and unsupported headers", () => {
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale(undefined)).toBe("en");
    expect(negotiateLocale("")).toBe("en");
    expect(negotiateLocale("*")).toBe("en");
    expect(negotiateLocale("de-DE,fr;q=0.8")).toBe("en");
    expect(negotiateLocale("zh;q=abc,en;q=0.1")).toBe("en");
  });
});

describe("interpolate", () => {
  it("fills every {name} it has a value for", () => {
    expect(interpolate("{count} min ago", { count: 5 })).toBe("5 min ago");
    expect(interpolate("{from} → {to}", { from: "Waiting", to: "Answered" })).toBe(
      "Waiting → Answered",
    );
  });

  it("leaves unknown placeholders, JSON braces and special replacement patterns alone", () => {
    expect(interpolate("Hi {name}", {})).toBe("Hi {name}");
    expect(interpolate('like {"path": "x"}', { path: "no" })).toBe('like {"path": "x"}');
    expect(interpolate("Answered: {response}", { response: "$& $1" })).toBe("Answered: $& $1");
  });
});

describe("the message tables", () => {
  const english = messagesOf("en");

  it.each(LOCALES)("%s has every key, each non-empty and with the same placeholders", (locale) => {
    const table = messagesOf(locale);
    expect(Object.keys(table).sort()).toEqual(Object.keys(english).sort());
    for (const [key, template] of Object.entries(table)) {
      expect(template.trim(), key).not.toBe("");
      expect(placeholdersOf(template), key).toEqual(
        placeholdersOf(english[key as keyof typeof english]),
      );
    }
  });

  it("translates the card's buttons into Chinese", () => {
    const t = createTranslator("zh-CN");
    expect(t("card.answer")).toBe("回答");
    expect(t("card.decline")).toBe("拒绝回答");
    expect(t("card.timeLeft", { time: "1:54" })).toBe("剩余 1:54");
  });

  it("keeps the English the end-to-end suites select by", () => {
    const t = createTranslator("en");
    expect(t("card.answer")).toBe("Answer");
    expect(t("card.decline")).toBe("Decline to answer");
    expect(t("devices.lastSeen", { when: "just now" })).toBe("Last seen just now");
  });
});
