import QRCode from "qrcode";
import type { LanCertificate } from "@inquiry-hub/gateway";

/**
 * What LAN mode prints once the product answers: the URL, a QR code of it for the phone's
 * camera, and the certificate's SHA-256 fingerprint to compare with what the phone shows
 * before trusting it.
 */
export async function lanBanner(
  urls: { publicUrl: string; desktopUrl: string },
  certificate: LanCertificate,
): Promise<string> {
  const { publicUrl, desktopUrl } = urls;
  const qr = await QRCode.toString(publicUrl, { type: "terminal", small: true });
  const renewed = certificate.generated
    ? "\n  New certificate: a phone that trusted the previous one must trust this one again."
    : "";
  return [
    "",
    "  Inquiry Hub is on your network.",
    "",
    `  Phone:    ${publicUrl}   (scan the code below)`,
    `  Desktop:  ${desktopUrl} works as before.`,
    "",
    qr,
    `  Certificate SHA-256: ${certificate.fingerprint}`,
    `  Valid until ${certificate.validTo.toISOString().slice(0, 10)}.${renewed}`,
    '  Pair the phone from Devices ("Pair a phone"): the code there points to the URL above.',
    "",
  ].join("\n");
}
