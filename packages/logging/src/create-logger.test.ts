import { describe, expect, it } from "vitest";
import { captureLogLines } from "./capture-logger";
import { auditChild } from "./create-logger";
import { parseLogLevel } from "./log-level";
import { REDACTED } from "./redact-paths";

const TOKEN = "ih_live_0123456789abcdef";
const FILE_CONTENT = "DROP TABLE users; -- secret plan";

describe("createLogger", () => {
  it("writes one JSON line with level, time, service, message and the fields given", () => {
    const captured = captureLogLines({ service: "hub" });
    captured.logger.info({ inquiryId: "inq-1" }, "inquiry opened");
    expect(captured.rawLines()).toHaveLength(1);
    expect(captured.lines()[0]).toMatchObject({
      level: 30,
      service: "hub",
      inquiryId: "inq-1",
      msg: "inquiry opened",
    });
    expect(typeof captured.lines()[0]?.time).toBe("number");
  });

  it("never writes a token, a header secret or a tool call's arguments", () => {
    const captured = captureLogLines({ service: "hub" });
    captured.logger.warn(
      {
        token: TOKEN,
        request: { headers: { authorization: `Bearer ${TOKEN}`, cookie: `session=${TOKEN}` } },
        call: { name: "write_file", arguments: { path: "plan.md", content: FILE_CONTENT } },
        params: { name: "write_file", arguments: { content: FILE_CONTENT } },
        upstream: { apiKey: TOKEN, password: TOKEN },
      },
      "tool call refused",
    );
    const [line] = captured.rawLines();
    expect(line).toBeDefined();
    expect(line).not.toContain(TOKEN);
    expect(line).not.toContain(FILE_CONTENT);
    expect(line).not.toContain("plan.md");
    expect(captured.lines()[0]).toMatchObject({
      token: REDACTED,
      call: { name: "write_file", arguments: REDACTED },
      params: { name: "write_file", arguments: REDACTED },
    });
  });

  it("puts an error's type, message and stack under err", () => {
    const captured = captureLogLines({ service: "agent" });
    captured.logger.error({ err: new TypeError("boom") }, "run failed");
    expect(captured.lines()[0]?.err).toMatchObject({
      type: "TypeError",
      message: "boom",
      stack: expect.stringContaining("TypeError: boom") as unknown,
    });
  });

  it("drops lines below its level, and everything when silent", () => {
    const warnOnly = captureLogLines({ service: "hub", level: "warn" });
    warnOnly.logger.info({}, "routine");
    warnOnly.logger.warn({}, "trouble");
    warnOnly.logger.child({ inquiryId: "inq-2" }).info({}, "routine again");
    expect(warnOnly.lines().map((line) => line.msg)).toEqual(["trouble"]);

    const silent = captureLogLines({ service: "hub", level: "silent" });
    silent.logger.error({}, "failure");
    expect(silent.rawLines()).toEqual([]);
  });

  it("writes the audit child's fields as given, even under a quieter LOG_LEVEL", () => {
    const warnOnly = captureLogLines({ service: "hub", level: "warn" });
    auditChild(warnOnly.logger).info({ arguments: { path: "notes.txt" } }, "approval decision");
    warnOnly.logger.info({ arguments: { path: "other.txt" } }, "routine");
    expect(warnOnly.lines()).toEqual([
      expect.objectContaining({
        component: "audit",
        arguments: { path: "notes.txt" },
        msg: "approval decision",
      }),
    ]);
  });
});

describe("parseLogLevel", () => {
  it("defaults to info and accepts every pino level and silent, in any case", () => {
    expect(parseLogLevel(undefined)).toBe("info");
    expect(parseLogLevel("")).toBe("info");
    expect(parseLogLevel("WARN")).toBe("warn");
    expect(parseLogLevel("silent")).toBe("silent");
  });

  it("refuses anything else rather than guess", () => {
    expect(() => parseLogLevel("verbose")).toThrow(/LOG_LEVEL must be one of/);
  });
});
