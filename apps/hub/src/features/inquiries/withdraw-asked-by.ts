import type { InquiryService } from "./inquiry-service";

/**
 * Withdraws (`cancelled`, on every device) the pending questions one credential asked. Runs
 * when a credential is revoked: nobody can wait for those answers any more. A keyed call whose
 * connection died leaves its question open for a retry (issue 17), and a 2026-07-28 client has
 * no session whose end would tell the hub more; the run's credential being revoked at its end
 * (or by the person) is what says no retry will come.
 */
export async function withdrawAskedBy(
  inquiries: InquiryService,
  userId: string,
  credentialId: string,
): Promise<number> {
  const pending = await inquiries.list(userId, "pending");
  const asked = pending.filter((inquiry) => inquiry.askedByCredentialId === credentialId);
  await Promise.all(asked.map((inquiry) => inquiries.cancel(inquiry.id)));
  return asked.length;
}
