import { describe, expect, it } from "vitest";
import { ApiClientError } from "./api-client-error";
import { describeApiError } from "./describe-api-error";
import { createTranslator } from "../i18n/translate";

const t = createTranslator("en");

describe("describeApiError", () => {
  it("shows the server's own message when it sent one", () => {
    const error = new ApiClientError("CONFLICT", 409, "Already answered on Pixel 7");
    expect(describeApiError(error, t, "card.sendFailed")).toBe("Already answered on Pixel 7");
  });

  it("words an unreachable server, with the screen's own wording when it has one", () => {
    const error = new ApiClientError("UNREACHABLE", 0, undefined);
    expect(describeApiError(error, t, "devices.loadFailed")).toBe(t("common.unreachable"));
    expect(
      describeApiError(error, t, "history.loadFailed", { unreachable: "history.unreachable" }),
    ).toBe(t("history.unreachable"));
  });

  it("names the status of a refusal without a message", () => {
    const error = new ApiClientError("UPSTREAM", 502, undefined);
    expect(describeApiError(error, t, "devices.loadFailed")).toBe("Request failed (502).");
    expect(describeApiError(error, t, "chat.broken", { failed: "chat.failed" })).toBe(
      "The chat request failed (502).",
    );
  });

  it("puts a screen's 401 wording over the server's message", () => {
    const error = new ApiClientError("UNAUTHORIZED", 401, "Not logged in.");
    expect(describeApiError(error, t, "chat.broken", { unauthorized: "chat.sessionEnded" })).toBe(
      t("chat.sessionEnded"),
    );
    expect(describeApiError(error, t, "devices.loadFailed")).toBe("Not logged in.");
  });

  it("falls back for unexpected bodies and anything that is not an ApiClientError", () => {
    const invalid = new ApiClientError("INVALID_RESPONSE", 200, undefined);
    expect(describeApiError(invalid, t, "devices.loadFailed")).toBe(t("devices.loadFailed"));
    expect(describeApiError(new TypeError("boom"), t, "push.failed")).toBe(t("push.failed"));
  });
});
