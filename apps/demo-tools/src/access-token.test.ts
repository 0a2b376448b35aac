import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadOrCreateToken } from "./index";

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "demo-tools-token-"));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("loadOrCreateToken", () => {
  it("creates a private token once and reads the same one afterwards", async () => {
    const file = path.join(root, "inquiry-hub", "demo-tools-token");
    const token = await loadOrCreateToken(file);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await loadOrCreateToken(file)).toBe(token);
  });

  it("gives every racing starter the one token that won, leaving no temp files", async () => {
    const file = path.join(root, "demo-tools-token");
    const tokens = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateToken(file)));
    expect(new Set(tokens).size).toBe(1);
    expect(await readdir(root)).toEqual(["demo-tools-token"]);
  });

  it("refuses a token file too short to be a secret, naming the file", async () => {
    const file = path.join(root, "demo-tools-token");
    await writeFile(file, "short\n");
    await expect(loadOrCreateToken(file)).rejects.toThrow(/demo-tools-token holds 5 characters/);
  });
});
