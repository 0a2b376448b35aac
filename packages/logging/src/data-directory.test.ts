import path from "node:path";
import { describe, expect, it } from "vitest";
import { dataDirectory, dataPath } from "./data-directory";

const linux = { platform: "linux", home: "/home/ada" } as const;

describe("dataDirectory", () => {
  it("follows each platform's per-user data folder", () => {
    expect(dataDirectory({}, linux)).toBe("/home/ada/.local/share/inquiry-hub");
    expect(dataDirectory({ XDG_DATA_HOME: "/data/ada" }, linux)).toBe("/data/ada/inquiry-hub");
    expect(dataDirectory({}, { platform: "darwin", home: "/Users/ada" })).toBe(
      "/Users/ada/Library/Application Support/inquiry-hub",
    );
    expect(
      dataDirectory(
        { LOCALAPPDATA: "/c/Users/ada/AppData/Local" },
        { platform: "win32", home: "/c/Users/ada" },
      ),
    ).toBe(path.join("/c/Users/ada/AppData/Local", "inquiry-hub"));
  });

  it("ignores a relative XDG_DATA_HOME, as the XDG specification says", () => {
    expect(dataDirectory({ XDG_DATA_HOME: "share" }, linux)).toBe(
      "/home/ada/.local/share/inquiry-hub",
    );
  });

  it("moves everything with INQUIRY_HUB_DATA_DIR, which must be absolute", () => {
    expect(dataDirectory({ INQUIRY_HUB_DATA_DIR: "/srv/ih/" }, linux)).toBe("/srv/ih");
    expect(dataPath("demoToolsToken", { INQUIRY_HUB_DATA_DIR: "/srv/ih" }, linux)).toBe(
      "/srv/ih/demo-tools-token",
    );
    expect(() => dataDirectory({ INQUIRY_HUB_DATA_DIR: "state" }, linux)).toThrow(
      'INQUIRY_HUB_DATA_DIR must be an absolute path, not "state"',
    );
  });

  it("is never inside the working folder by default", () => {
    expect(dataPath("hub", {}, linux).startsWith(process.cwd())).toBe(false);
  });
});
