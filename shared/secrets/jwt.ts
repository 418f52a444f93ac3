/**
 * The bearer tokens of `/v3`, as GNS3 3.0.6 makes them: a JWT signed with HS256 whose `sub` is
 * the user's name and `exp` its expiry in seconds since the epoch. WebCrypto only, so the Worker
 * signs and checks tokens as Node does; `crypto.subtle.verify` compares the signature in
 * constant time.
 */
export interface TokenClaims {
  /** The user's name, as GNS3 puts it. */
  sub: string;
  /** Seconds since the epoch. */
  exp: number;
}

/** WebCrypto's key type, named without the DOM library's global. */
export type SigningKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const utf8 = new TextEncoder();
const HEADER = base64UrlText(JSON.stringify({ alg: "HS256", typ: "JWT" }));

/** The HMAC key of a signing secret. */
export function signingKey(secret: string): Promise<SigningKey> {
  return crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function signToken(claims: TokenClaims, key: SigningKey): Promise<string> {
  const signed = `${HEADER}.${base64UrlText(JSON.stringify(claims))}`;
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8.encode(signed)));
  return `${signed}.${base64Url(signature)}`;
}

/**
 * The claims of a token this key signed and that has not expired at `nowSeconds`; undefined
 * for anything else, whatever was wrong (GNS3 answers every such token alike).
 */
export async function verifyToken(token: string, key: SigningKey, nowSeconds: number): Promise<TokenClaims | undefined> {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  const signatureBytes = fromBase64Url(signature);
  const headerFields = parseJson(fromBase64Url(header));
  // Only HS256: a token may not choose its own algorithm ("none", or a public key as a secret).
  if (!signatureBytes || !isRecord(headerFields) || headerFields.alg !== "HS256") return undefined;
  if (!(await crypto.subtle.verify("HMAC", key, signatureBytes, utf8.encode(`${header}.${payload}`)))) return undefined;
  const claims = parseJson(fromBase64Url(payload));
  if (!isRecord(claims) || typeof claims.sub !== "string" || typeof claims.exp !== "number" || !Number.isFinite(claims.exp)) return undefined;
  if (claims.exp <= nowSeconds) return undefined;
  return { sub: claims.sub, exp: claims.exp };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJson(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

function base64UrlText(text: string): string {
  return base64Url(utf8.encode(text));
}

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
