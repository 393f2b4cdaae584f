/**
 * Works around SimpleWebAuthn 9 (the version Auth.js pins): it unwraps an ES256 signature's DER
 * into r‖s without padding an r or s shorter than 32 bytes (about 1 signature in 128), and the
 * check of a genuine signature then fails. This re-encodes the DER with both integers padded to
 * 32 bytes, so its unwrap yields the 64 bytes it expects. That works when the short integer's first
 * byte is below 0x80; otherwise the library strips the padding byte again (its sign-byte rule), so
 * about 1 genuine signature in 256 still fails: the person is asked to try again, and the next
 * signature works. Anything that is not a P-256 DER signature passes through unchanged (EdDSA and
 * RSA signatures are not DER). Pure.
 */
const P256_INTEGER_BYTES = 32;

function readIntegers(der: Uint8Array): [Uint8Array, Uint8Array] | null {
  // SEQUENCE { INTEGER r, INTEGER s }, short-form lengths only (a P-256 signature is under 128 bytes).
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) return null;
  const integers: Uint8Array[] = [];
  let offset = 2;
  for (let i = 0; i < 2; i += 1) {
    const length = der[offset + 1];
    if (der[offset] !== 0x02 || length === undefined || length === 0 || length > P256_INTEGER_BYTES + 1) return null;
    integers.push(der.subarray(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  return offset === der.length ? [integers[0]!, integers[1]!] : null;
}

function padded(integer: Uint8Array): Uint8Array | null {
  let value = integer;
  while (value.length > 1 && value[0] === 0) value = value.subarray(1);
  if (value.length > P256_INTEGER_BYTES) return null;
  const out = new Uint8Array(P256_INTEGER_BYTES);
  out.set(value, P256_INTEGER_BYTES - value.length);
  if ((out[0]! & 0x80) === 0) return out;
  const signed = new Uint8Array(P256_INTEGER_BYTES + 1);
  signed.set(out, 1);
  return signed;
}

/** Whether SimpleWebAuthn 9 can check this signature once padded (see above); true for non-DER. */
export function es256SignatureCheckable(der: Uint8Array): boolean {
  const integers = readIntegers(der);
  if (!integers) return true;
  return integers.every((integer) => {
    let value = integer;
    while (value.length > 1 && value[0] === 0) value = value.subarray(1);
    return value.length >= P256_INTEGER_BYTES || (value[0]! & 0x80) === 0;
  });
}

export function padEs256Signature(der: Uint8Array): Uint8Array {
  const integers = readIntegers(der);
  if (!integers) return der;
  const [r, s] = integers.map(padded);
  if (!r || !s) return der;
  const body = [0x02, r.length, ...r, 0x02, s.length, ...s];
  return Uint8Array.from([0x30, body.length, ...body]);
}
