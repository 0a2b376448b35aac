import QRCode from "qrcode";
import type { CertificateOrigin, LanCertificate } from "@inquiry-hub/gateway";

/** What the person must do about this start's certificate, empty when nothing changed. */
function renewalNotice(origin: CertificateOrigin): string {
  const trustAgain = "a phone that trusted the previous one must trust this one again.";
  switch (origin) {
    case "reused":
      return "";
    case "none-stored":
    case "host-changed":
    case "expiring":
      return `\n  New certificate: ${trustAgain}`;
    case "replaced-any-name-authority":
      return [
        "\n  Replaced the old certificate: it was an authority that could vouch for any site,",
        "  and its key was on disk. Remove it from the phone (iOS: Settings > General > VPN &",
        "  Device Management; Android: Settings > Security > Trusted credentials > User) and",
        "  trust the new one, which vouches for this front door only.",
      ].join("\n");
  }
}

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
  const renewed = renewalNotice(certificate.origin);
  return [
    "",
    "  Inquiry Hub is on your network.",
    "",
    `  Phone:    ${publicUrl}   (scan the code below)`,
    `  Desktop:  ${desktopUrl} works as before.`,
    "",
    qr,
    `  Certificate authority SHA-256: ${certificate.fingerprint}`,
    "  It vouches for this one certificate only: its key was discarded once it signed it.",
    `  Valid until ${certificate.validTo.toISOString().slice(0, 10)}.${renewed}`,
    '  Pair the phone from Devices ("Pair a phone"): the code there points to the URL above.',
    "",
  ].join("\n");
}
