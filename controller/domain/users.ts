import { z } from "zod";
import type { SecretHash } from "@shared/secrets/secret-hash";

/**
 * A user of `/v3`, as the store keeps it. The password is kept only as its hash and never
 * leaves the controller: `userWire` is what clients read.
 */
export interface UserRecord {
  user_id: string;
  username: string;
  email: string | null;
  full_name: string | null;
  is_active: boolean;
  /** The one user every check lets through: made at first start, never deletable. */
  is_superadmin: boolean;
  password: SecretHash;
  /** GNS3's timestamps: UTC, whole seconds, no zone ("2026-11-29T13:30:00"). */
  created_at: string;
  updated_at: string;
  last_login: string | null;
  revision: number;
}

/**
 * GNS3 3.0.6's pattern for user and group names. Pydantic searches it, so only the name's end
 * must match: "john doe" passes there, and passes here.
 */
export const NAME_PATTERN = /[a-zA-Z0-9_-]+$/;

const name = z.string().min(3).regex(NAME_PATTERN, { message: "String should match pattern '[a-zA-Z0-9_-]+$'" });
const password = z.string().min(8).max(100);
const email = z.email().transform(normalisedEmail);

/** `UserCreate`: `is_active` is read and ignored, as GNS3 does (a new user is active). */
export const userCreate = z.object({
  username: name,
  password,
  email: email.nullish(),
  full_name: z.string().nullish(),
  is_active: z.boolean().optional(),
});

/** `UserUpdate`: only the fields given change; `is_superadmin` is not one of them. */
export const userUpdate = z.object({
  username: name.nullish(),
  password: password.nullish(),
  email: email.nullish(),
  full_name: z.string().nullish(),
  is_active: z.boolean().nullish(),
});

/** `LoggedInUserUpdate`: what users change of themselves. */
export const ownUpdate = z.object({
  password: password.nullish(),
  email: email.nullish(),
  full_name: z.string().nullish(),
});

export const credentials = z.object({ username: z.string(), password: z.string() });

/** What `userWire` gives, for the API's description. */
export const userWireSchema = z.object({
  username: z.string(),
  is_active: z.boolean(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  user_id: z.uuid(),
  last_login: z.string().nullable(),
  is_superadmin: z.boolean(),
});

export type UserCreate = z.output<typeof userCreate>;
export type UserUpdate = z.output<typeof userUpdate>;

/** The `User` schema, in its field order. */
export function userWire(user: UserRecord) {
  return {
    username: user.username,
    is_active: user.is_active,
    email: user.email,
    full_name: user.full_name,
    created_at: user.created_at,
    updated_at: user.updated_at,
    user_id: user.user_id,
    last_login: user.last_login,
    is_superadmin: user.is_superadmin,
  };
}

export function newUser(userId: string, input: UserCreate, passwordHash: SecretHash, now: string, superadmin = false): UserRecord {
  return {
    user_id: userId,
    username: input.username,
    email: input.email ?? null,
    full_name: input.full_name ?? null,
    is_active: true,
    is_superadmin: superadmin,
    password: passwordHash,
    created_at: now,
    updated_at: now,
    last_login: null,
    revision: 1,
  };
}

/**
 * A user with the fields an update gives (a new password comes already hashed). A field sent
 * as null is written as null, as GNS3 writes what it is sent, except that a user keeps a name.
 */
export function updatedUser(user: UserRecord, update: Omit<UserUpdate, "password">, passwordHash: SecretHash | undefined, now: string): UserRecord {
  const next: UserRecord = { ...user, updated_at: now, revision: user.revision + 1 };
  if (update.username) next.username = update.username;
  if (update.email !== undefined) next.email = update.email;
  if (update.full_name !== undefined) next.full_name = update.full_name;
  if (update.is_active != null) next.is_active = update.is_active;
  if (passwordHash) next.password = passwordHash;
  return next;
}

/** GNS3's timestamp form: UTC to the second, without a zone. */
export function gns3Timestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** As email-validator normalises: the domain in lower case, the local part as given. */
function normalisedEmail(address: string): string {
  const at = address.lastIndexOf("@");
  return `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`;
}
