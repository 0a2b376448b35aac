import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appSection, typeAndDefault, variableRows } from "../scripts/env-reference";

describe("the configuration reference's reading of a zod env schema", () => {
  it("reads type and default through defaults, optionals, transforms and preprocessing", () => {
    expect(typeAndDefault(z.coerce.number().int().default(4000))).toEqual({
      type: "number",
      defaultValue: "4000",
    });
    expect(typeAndDefault(z.url().optional())).toEqual({ type: "URL" });
    expect(typeAndDefault(z.enum(["open", "first-account"]).default("open"))).toEqual({
      type: "`open` or `first-account`",
      defaultValue: "open",
    });
    expect(
      typeAndDefault(
        z
          .enum(["0", "1"])
          .default("0")
          .transform((flag) => flag === "1"),
      ),
    ).toEqual({ type: "`0` or `1`", defaultValue: "0" });
    expect(
      typeAndDefault(
        z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().default(10)),
      ),
    ).toEqual({ type: "number", defaultValue: "10" });
  });

  it("takes each description from the schema and refuses a variable without one", () => {
    const schema = z.object({
      PORT: z.coerce.number().default(1).meta({ description: "Where | it listens." }),
      SHARED: z.string().optional(),
      BARE: z.string().optional(),
    });
    expect(() => variableRows(schema, [])).toThrow(/SHARED, BARE/);
    const rows = variableRows(schema.omit({ BARE: true }), [
      { name: "SHARED", seeAlso: "Elsewhere." },
    ]);
    expect(rows).toEqual([
      { name: "PORT", type: "number", defaultValue: "1", description: "Where | it listens." },
      { name: "SHARED", type: "text", defaultValue: undefined, description: "Elsewhere." },
    ]);
    expect(appSection("App", "apps/app/env.ts", rows)).toContain(
      "| `PORT` | number | `1` | Where \\| it listens. |",
    );
  });
});
