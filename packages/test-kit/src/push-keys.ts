import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
export interface FakeBrowserKeys {
  /** As `PushSubscription.toJSON().keys`: base64url. */
  keys: { p256dh: string; auth: string };
  /** Decrypts an RFC 8291 aes128gcm body sent to this subscription. */
  decrypt(body: Buffer): string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/**
 * Generates what a browser's PushManager would, so a test can stand in for a browser and
 * read the hub's pushes: ECDH on the sender's key from the header, then the RFC 8291 key
 * schedule, then AES-128-GCM, then the padding delimiter (0x02) removed.
 */
export function createFakeBrowserKeys(): FakeBrowserKeys {
  const ecdh = createECDH("prime256v1");
  const userAgentPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);

  return {
    keys: {
      p256dh: userAgentPublic.toString("base64url"),
      auth: authSecret.toString("base64url"),
    },
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const keyIdLength = body.readUInt8(20);
      const senderPublic = body.subarray(21, 21 + keyIdLength);
      const ciphertext = body.subarray(21 + keyIdLength);
      const shared = ecdh.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([
        Buffer.from("WebPush: info\0"),
        userAgentPublic,
        senderPublic,
        Buffer.from([1]),
      ]);
      const inputKey = hmac(hmac(authSecret, shared), keyInfo);
      const prk = hmac(salt, inputKey);
      const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(-16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, -16)),
        decipher.final(),
      ]);
      const end = padded.lastIndexOf(2);
      return padded.subarray(0, end).toString("utf8");
    },
  };
}
