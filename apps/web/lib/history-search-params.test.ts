import { describe, expect, it } from "vitest";
import { historySearchParams } from "./history-search-params";

describe("historySearchParams", () => {
  it("keeps set filters only, in a stable order, then the extras", () => {
    const params = historySearchParams(
      { to: "2026-01-31", q: "deploy & ship", status: "answered", tool: "" },
      { format: "csv", before: undefined },
    );
    expect(params.toString()).toBe("q=deploy+%26+ship&status=answered&to=2026-01-31&format=csv");
  });

  it("is empty without filters", () => {
    expect(historySearchParams({}).toString()).toBe("");
  });
});
