import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  makeLicence,
  parsePublicKey,
  signLicence,
  verifyLicence,
  daysLeft,
  coversModule,
  ALL_MODULES,
} from './licence';
import { ConfigError, loadConfig } from '../config';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const base = { holder: '某某大学', expiresAt: '2030-06-30', userCap: 5000, modules: ['auth', 'platform'] };

describe('licence signing and verification', () => {
  it('accepts a licence signed by the trusted key and returns its fields', () => {
    const text = signLicence(makeLicence(base), privateKey);
    const r = verifyLicence(text, publicKey);
    expect(r.ok).toBe(true);
    expect(r.licence).toMatchObject(base);
    expect(r.licence!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('calls a licence signed by another key forged', () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(verifyLicence(signLicence(makeLicence(base), other), publicKey)).toMatchObject({
      ok: false,
      reason: 'forged',
      licence: null,
    });
  });

  it('calls a licence whose payload was edited after signing forged', () => {
    const [payload, sig] = signLicence(makeLicence(base), privateKey).split('.');
    const edited = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    edited.userCap = 999999;
    const tampered = `${Buffer.from(canonicalJson(edited)).toString('base64url')}.${sig}`;
    expect(verifyLicence(tampered, publicKey).reason).toBe('forged');
  });

  it('calls a licence past its expiry expired, and keeps a date-only expiry valid through that day in China time', () => {
    const text = signLicence(makeLicence({ ...base, expiresAt: '2026-03-01' }), privateKey);
    expect(verifyLicence(text, publicKey, Date.parse('2026-03-01T23:00:00+08:00')).ok).toBe(true);
    const after = verifyLicence(text, publicKey, Date.parse('2026-03-02T00:00:00+08:00'));
    expect(after).toMatchObject({ ok: false, reason: 'expired' });
    expect(after.licence?.holder).toBe('某某大学');
  });

  it('calls no text missing and garbage malformed', () => {
    expect(verifyLicence(null, publicKey).reason).toBe('missing');
    expect(verifyLicence('   ', publicKey).reason).toBe('missing');
    expect(verifyLicence('not a licence', publicKey).reason).toBe('malformed');
    expect(verifyLicence('a.b.c', publicKey).reason).toBe('malformed');
    expect(verifyLicence(`${Buffer.from('{oops').toString('base64url')}.AAAA`, publicKey).reason).toBe('malformed');
  });

  it('calls a correctly signed document without the licence fields malformed', () => {
    const payload = Buffer.from(canonicalJson({ holder: 'x' }));
    const text = `${payload.toString('base64url')}.${sign(null, payload, privateKey).toString('base64url')}`;
    expect(verifyLicence(text, publicKey).reason).toBe('malformed');
  });

  it('signs canonical JSON, so key order does not matter', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('refuses to make a licence with a bad field', () => {
    expect(() => makeLicence({ ...base, userCap: 0 })).toThrow(/userCap/);
    expect(() => makeLicence({ ...base, expiresAt: '2030-13-45' })).toThrow(/expiry/);
  });

  it('counts days left and module coverage', () => {
    const l = makeLicence({ ...base, expiresAt: '2026-01-10' });
    expect(daysLeft(l, Date.parse('2026-01-01T00:00:00+08:00'))).toBe(9);
    expect(coversModule(l, 'auth')).toBe(true);
    expect(coversModule(l, 'bi')).toBe(false);
    expect(coversModule(makeLicence({ ...base, modules: [ALL_MODULES] }), 'bi')).toBe(true);
  });
});

describe('licence keys in configuration', () => {
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const b64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

  it('reads an Ed25519 public key as PEM or base64 SPKI and refuses other keys', () => {
    expect(parsePublicKey(pem).asymmetricKeyType).toBe('ed25519');
    expect(parsePublicKey(b64).equals(publicKey)).toBe(true);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect(() => parsePublicKey(rsa)).toThrow(/Ed25519/);
    expect(() => parsePublicKey('hello')).toThrow(/PEM or base64/);
  });

  it('refuses production without LICENCE_PUBLIC_KEY and a key that is not Ed25519', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/LICENCE_PUBLIC_KEY is required/);
    expect(() => loadConfig({ NODE_ENV: 'development', LICENCE_PUBLIC_KEY: 'nonsense' })).toThrow(
      /LICENCE_PUBLIC_KEY must be an Ed25519/,
    );
    const dataSourceKey = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        LICENCE_PUBLIC_KEY: b64,
        DATA_SOURCE_KEY: dataSourceKey,
        BACKUP_KEY: dataSourceKey,
      }).licencePublicKey,
    ).toBe(b64);
  });
});
