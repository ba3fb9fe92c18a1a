import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvelopeError, fromBase64, generateKeyPair, importPrivateKey, importPublicKey, openBody, sealBody, toBase64 } from '../envelope/crypto.ts';
import { checkNonce, leadingZeroBits, sha256Text, solveChallenge } from '../pow/pow.ts';
import { nonceAnswers } from '../pow/challenge.ts';

describe('the encryption envelope', async () => {
  const pair = await generateKeyPair(2048);
  const pub = await importPublicKey(pair.publicKey);
  const priv = await importPrivateKey(pair.privateKey);

  it('opens what it sealed, with the timestamp and a fresh nonce', async () => {
    const body = { username: 'maría', password: 'Sécret 1' };
    const a = await sealBody(pub, 'POST', '/wps/session/login', body, 1_700_000_000_000);
    const b = await sealBody(pub, 'POST', '/wps/session/login', body, 1_700_000_000_000);
    const opened = await openBody(priv, 'POST', '/wps/session/login', a.value, a.encryption);
    expect(opened.body).toEqual(body);
    expect(opened.ts).toBe(1_700_000_000_000);
    expect(fromBase64(opened.nonce)).toHaveLength(16);
    const other = await openBody(priv, 'POST', '/wps/session/login', b.value, b.encryption);
    expect(other.nonce).not.toBe(opened.nonce);
    expect(a.value).not.toBe(b.value);
  });

  it('packs a 12-byte IV, the ciphertext and a 16-byte tag; wraps a 32-byte key with RSA-OAEP', async () => {
    const e = await sealBody(pub, 'POST', '/x', {});
    const plainLength = JSON.stringify({ ts: 0, nonce: 'A'.repeat(24), body: {} }).length;
    expect(fromBase64(e.value).length).toBe(12 + plainLength + String(Date.now()).length - 1 + 16);
    expect(fromBase64(e.encryption)).toHaveLength(256);
    const raw = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'RSA-OAEP' },
        await crypto.subtle.importKey('pkcs8', fromBase64(pair.privateKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']),
        fromBase64(e.encryption),
      ),
    );
    expect(raw).toHaveLength(32);
  });

  it('refuses another call, a changed byte, a wrong key and garbage', async () => {
    const e = await sealBody(pub, 'POST', '/wps/session/login', { a: 1 });
    await expect(openBody(priv, 'PUT', '/wps/session/login', e.value, e.encryption)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(openBody(priv, 'POST', '/wps/member/register', e.value, e.encryption)).rejects.toBeInstanceOf(EnvelopeError);
    const bytes = fromBase64(e.value);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x80;
    await expect(openBody(priv, 'POST', '/wps/session/login', toBase64(bytes), e.encryption)).rejects.toBeInstanceOf(EnvelopeError);
    const stranger = await generateKeyPair(2048);
    await expect(openBody(await importPrivateKey(stranger.privateKey), 'POST', '/wps/session/login', e.value, e.encryption)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(openBody(priv, 'POST', '/wps/session/login', '%%%', e.encryption)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(openBody(priv, 'POST', '/wps/session/login', toBase64(new Uint8Array(10)), e.encryption)).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('reads standard and url-safe base64', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1]);
    expect(toBase64(bytes)).toBe('+/+/AAE=');
    expect([...fromBase64('-_-_AAE')]).toEqual([...bytes]);
  });
});

describe('the proof of work', () => {
  it('hashes exactly like SHA-256', async () => {
    for (const s of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'ñandú '.repeat(40)]) {
      const bytes = new TextEncoder().encode(s);
      expect(Buffer.from(await sha256Text(s)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('finds an answer the server accepts, and the server refuses a wrong one', async () => {
    const salt = 'f00dfeed';
    const nonce = await solveChallenge({ salt, difficulty: 12 });
    expect(await checkNonce(salt, nonce, 12)).toBe(true);
    expect(nonceAnswers(salt, nonce, 12)).toBe(true);
    let wrong = 0;
    while (nonceAnswers(salt, String(wrong), 12)) wrong++;
    expect(await checkNonce(salt, String(wrong), 12)).toBe(false);
    expect(nonceAnswers(salt, '12a', 0)).toBe(false);
    expect(nonceAnswers(salt, '1'.repeat(21), 0)).toBe(false);
  });

  it('solves the default 16-bit challenge in well under a second', async () => {
    const start = performance.now();
    await solveChallenge({ salt: 'a1b2c3d4e5f60718', difficulty: 16 });
    expect(performance.now() - start).toBeLessThan(5000);
  });
});
