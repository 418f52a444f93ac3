import { sameSecret } from "./same-secret";

/**
 * A secret as the controller keeps it: never the secret itself, so a copy of the store admits
 * no daemon. PBKDF2 because a host's token may be a password a person chose (GNS3 clients send
 * one when a compute is registered), and WebCrypto because Workers check tokens too.
 */
export interface SecretHash {
  algorithm: "PBKDF2-SHA256";
  iterations: number;
  /** Base64. */
  salt: string;
  hash: string;
}

/** workerd refuses more than 100,000 iterations. */
const ITERATIONS = 100_000;

export async function hashSecret(secret: string, salt: Uint8Array = crypto.getRandomValues(new Uint8Array(16))): Promise<SecretHash> {
  return { algorithm: "PBKDF2-SHA256", iterations: ITERATIONS, salt: toBase64(salt), hash: toBase64(await derive(secret, salt, ITERATIONS)) };
}

export async function secretMatches(secret: string, stored: SecretHash): Promise<boolean> {
  return sameSecret(await derive(secret, fromBase64(stored.salt), stored.iterations), fromBase64(stored.hash));
}

async function derive(secret: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256));
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** A token for a daemon, when its operator gave none: 32 random bytes as hex. */
export function newToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
