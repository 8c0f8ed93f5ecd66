import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/**
 * The browser's half of Web Push, for tests: a user agent's key pair and auth secret, and the
 * decryption of an `aes128gcm` message as RFC 8291 (with RFC 8188's record format) describes it.
 * Written with node:crypto alone, independent of the library that encrypts on the server.
 */
export interface UserAgent {
  ecdh: ECDH;
  /** Uncompressed P-256 point, 65 bytes. */
  publicKey: Buffer;
  auth: Buffer;
  /** What `PushSubscription.toJSON()` would give for this endpoint. */
  subscription(endpoint: string): {
    endpoint: string;
    expirationTime: null;
    keys: { p256dh: string; auth: string };
  };
}

export function createUserAgent(): UserAgent {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    publicKey,
    auth,
    subscription: (endpoint) => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm Web Push body for this user agent; throws when anything is off. */
export function decryptWebPush(body: Buffer, ua: UserAgent): Buffer {
  // RFC 8188 §2.1 header: salt (16) | rs (uint32) | idlen (1) | keyid (idlen)
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  // RFC 8291 §4: the keyid is the application server's ephemeral public key.
  const serverKey = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || serverKey[0] !== 0x04) throw new Error('keyid is not a P-256 public key');
  if (rs < 18) throw new Error('record size too small');

  // RFC 8291 §3.3 and §3.4
  const ecdhSecret = ua.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.publicKey, serverKey]);
  const ikm = hkdf(ecdhSecret, ua.auth, keyInfo, 32);
  // RFC 8188 §2.2 and §2.3
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonceBase = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const records = body.subarray(21 + idlen);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq += 1) {
    const record = records.subarray(offset, Math.min(offset + rs, records.length));
    const nonce = Buffer.from(nonceBase);
    // The record sequence number XORed into the end of the nonce (96-bit big-endian).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // Padding: the delimiter (2 in the last record, 1 before) followed by zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const last = offset + rs >= records.length;
    if (end < 0 || padded[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/**
 * Checks a VAPID Authorization header (RFC 8292 §3): `vapid t=<JWT>, k=<public key>`, the JWT
 * signed ES256 by that key, for the push service's origin, with a subject and a near expiry.
 */
export async function verifyVapid(
  authorization: string | undefined,
  endpoint: string,
): Promise<{ publicKey: string; claims: JWTPayload }> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('k is not a P-256 public key');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['ES256'],
    audience: new URL(endpoint).origin,
    requiredClaims: ['exp', 'sub'],
  });
  if (payload.exp! - Date.now() / 1000 > 24 * 3600) throw new Error('exp more than 24 h ahead');
  return { publicKey, claims: payload };
}
