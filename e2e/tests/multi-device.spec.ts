import { test } from "@playwright/test";
import { questionReachesEveryDeviceAndLeavesOnAnswer } from "../support/multi-device";

test("a question reaches every device of the person and leaves them all when the phone answers", async ({
  browser,
}) => {
  await questionReachesEveryDeviceAndLeavesOnAnswer(browser);
});
