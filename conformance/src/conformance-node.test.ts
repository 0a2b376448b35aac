import { describe, expect, it } from "vitest";
import { conformanceNode } from "./conformance-node";

describe("conformanceNode", () => {
  it.each(["v22.0.0", "v24.21.0", "v25.1.0"])(
    "runs the CLI on the Node running it (%s)",
    (version) => {
      expect(conformanceNode({ version, execPath: "/opt/node/bin/node" })).toBe(
        "/opt/node/bin/node",
      );
    },
  );

  it.each(["v20.19.5", "v21.7.3", "not a version"])(
    "refuses %s, naming it and the minimum",
    (version) => {
      expect(() => conformanceNode({ version, execPath: "/usr/bin/node" })).toThrow(
        `the conformance runner needs Node ≥ 22; this is ${version}`,
      );
    },
  );

  it("is this process's own binary by default", () => {
    expect(conformanceNode()).toBe(process.execPath);
  });
});
