import { describe, expect, it } from "vitest";
import { bodyOf, formOf } from "./reach-form";

const NO_REACH = { yolo: { enabled: false } };

describe("formOf", () => {
  it("starts from everything at once, no quiet hours, no digest, in the browser's zone", () => {
    const form = formOf(NO_REACH, "Europe/Berlin");
    expect(form).toMatchObject({ routing: "off", quiet: false, digest: false });
    expect(form.timeZone).toBe("Europe/Berlin");
  });

  it("shows a saved plan, its nevers and the saved zone", () => {
    const form = formOf(
      {
        ...NO_REACH,
        routing: { pushAfterSeconds: 5, webhookAfterSeconds: null, escalateAtShareLeft: 0.25 },
        quietHours: { start: "22:00", end: "07:00", timeZone: "Asia/Shanghai", during: "escalate" },
      },
      "Europe/Berlin",
    );
    expect(form).toMatchObject({
      routing: "plan",
      pushAfter: "5",
      webhookNever: true,
      escalate: "0.25",
      quiet: true,
      during: "escalate",
      timeZone: "Asia/Shanghai",
    });
  });

  it("starts a plan without early escalation and quiet hours that wait", () => {
    const form = formOf(
      {
        ...NO_REACH,
        routing: { pushAfterSeconds: 5, webhookAfterSeconds: 60 },
        quietHours: { start: "22:00", end: "07:00", timeZone: "UTC" },
      },
      "UTC",
    );
    expect(form).toMatchObject({ escalate: "never", during: "wait" });
  });
});

describe("bodyOf", () => {
  it("removes every part that is off", () => {
    expect(bodyOf(formOf(NO_REACH, "UTC")).body).toEqual({
      routing: null,
      quietHours: null,
      digest: null,
    });
  });

  it("sends a plan, quiet hours and the digest in one zone", () => {
    const form = {
      ...formOf(NO_REACH, "UTC"),
      routing: "plan" as const,
      pushAfter: "10",
      webhookNever: true,
      escalate: "0.2",
      quiet: true,
      digest: true,
      digestHour: "8",
    };
    expect(bodyOf(form).body).toEqual({
      routing: { pushAfterSeconds: 10, webhookAfterSeconds: null, escalateAtShareLeft: 0.2 },
      quietHours: { start: "22:00", end: "07:00", timeZone: "UTC", during: "wait" },
      digest: { daily: true, hour: 8, timeZone: "UTC" },
    });
  });

  it("names each field it refuses by the path the hub uses, and sends nothing", () => {
    const form = {
      ...formOf(NO_REACH, "UTC"),
      routing: "plan" as const,
      pushAfter: "",
      webhookAfter: "-3",
      escalate: "0.95",
      quiet: true,
      quietEnd: "22:00",
    };
    const result = bodyOf(form);
    expect(result.body).toBeUndefined();
    expect(result.issues?.map((issue) => issue.path.join("."))).toEqual([
      "routing.pushAfterSeconds",
      "routing.webhookAfterSeconds",
      "routing.escalateAtShareLeft",
      "quietHours.end",
    ]);
  });
});
