import { hashSecret, secretMatches, type SecretHash } from "@shared/secrets/secret-hash";
import { gns3Timestamp, newUser, updatedUser, type UserCreate, type UserRecord, type UserUpdate } from "../domain/users";
import type { ControllerDeps } from "../deps";
import { conflictingRequest, forbiddenRequest, invalidRequest, missingRecord } from "../domain/errors";
import type { KvGuard, KvWrite } from "../store/kv";
import { KvConflict } from "../store/kv";
import { withConflictRetry } from "../store/conflict-retry";
import { keys } from "../store/keys";
import { applyChange } from "./change";

/** The superadmin GNS3 3.x makes at first start when no credentials were given: admin/admin. */
export const DEFAULT_ADMIN = { user: "admin", password: "admin" } as const;

export async function listUsers(deps: ControllerDeps): Promise<UserRecord[]> {
  await ensureSuperadmin(deps);
  const entries = await deps.store.list<UserRecord>(keys.usersPrefix());
  return entries.map((entry) => entry.value).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.username.localeCompare(b.username));
}

export async function getUser(deps: ControllerDeps, userId: string): Promise<UserRecord> {
  const user = await deps.store.get<UserRecord>(keys.user(userId));
  if (!user) throw missingRecord(`User '${userId}' not found`);
  return user;
}

export async function userNamed(deps: ControllerDeps, username: string): Promise<UserRecord | undefined> {
  await ensureSuperadmin(deps);
  const userId = await deps.store.get<string>(keys.userName(username));
  return userId === undefined ? undefined : deps.store.get<UserRecord>(keys.user(userId));
}

export async function createUser(deps: ControllerDeps, input: UserCreate): Promise<UserRecord> {
  await ensureSuperadmin(deps);
  const user = newUser(deps.newId(), input, await hashSecret(input.password), gns3Timestamp(Date.now()));
  const claims = nameClaims(user);
  try {
    await applyChange(deps, { writes: [{ key: keys.user(user.user_id), value: user }, ...claims.writes], guards: claims.guards, events: [] });
  } catch (error) {
    if (error instanceof KvConflict) throw takenName(error.key, user);
    throw error;
  }
  return user;
}

/**
 * Changes a user. A name or an email another user has, or the user's own sent again, is a 400,
 * as in GNS3 3.0.6 (whose tests send their own email back and expect the refusal).
 */
export async function updateUser(deps: ControllerDeps, userId: string, update: UserUpdate): Promise<UserRecord> {
  if (update.username && (await deps.store.get(keys.userName(update.username))) !== undefined) throw invalidRequest(`Username '${update.username}' is already registered`);
  if (update.email && (await deps.store.get(keys.userEmail(update.email))) !== undefined) throw invalidRequest(`Email '${update.email}' is already registered`);
  const passwordHash = update.password ? await hashSecret(update.password) : undefined;
  return withConflictRetry(async () => {
    const user = await getUser(deps, userId);
    const next = updatedUser(user, update, passwordHash, gns3Timestamp(Date.now()));
    const claims = claimChanges(user, next);
    try {
      await applyChange(deps, {
        writes: [{ key: keys.user(userId), value: next }, ...claims.writes],
        guards: [{ key: keys.user(userId), revision: user.revision }, ...claims.guards],
        events: [],
      });
    } catch (error) {
      if (error instanceof KvConflict && error.key !== keys.user(userId)) throw takenName(error.key, next);
      throw error;
    }
    return next;
  });
}

export async function deleteUser(deps: ControllerDeps, userId: string): Promise<void> {
  await withConflictRetry(async () => {
    const user = await getUser(deps, userId);
    if (user.is_superadmin) throw forbiddenRequest("The super admin cannot be deleted");
    const claims = nameClaims(user).writes.map((claim): KvWrite => ({ key: claim.key, delete: true }));
    await applyChange(deps, {
      writes: [{ key: keys.user(userId), delete: true }, ...claims],
      guards: [{ key: keys.user(userId), revision: user.revision }],
      events: [],
    });
  });
}

/**
 * The user these credentials are, or undefined, whatever was wrong. As GNS3 does, an inactive
 * user signs in (and is refused on every request after), and a sign-in records `last_login`.
 */
export async function authenticate(deps: ControllerDeps, username: string, password: string): Promise<UserRecord | undefined> {
  const user = await userNamed(deps, username);
  // An unknown name costs the same hash as a known one: timing does not tell which names exist.
  if (!user) return void (await secretMatches(password, await (decoy ??= hashSecret(crypto.randomUUID()))));
  if (!(await secretMatches(password, user.password))) return undefined;
  try {
    await deps.store.commit([{ key: keys.user(user.user_id), value: { ...user, last_login: gns3Timestamp(Date.now()), revision: user.revision + 1 } }], [{ key: keys.user(user.user_id), revision: user.revision }]);
  } catch (error) {
    // Changed meanwhile: the sign-in stands, its time is not worth a retry.
    if (!(error instanceof KvConflict)) throw error;
  }
  return user;
}

let decoy: Promise<SecretHash> | undefined;

/** Runs once per store: after it, `ensureSuperadmin` only reads. */
const settled = new WeakMap<object, Promise<void>>();

/**
 * Makes the superadmin as GNS3 3.x does at first start. Given `--user`/`--password` (the `/v2`
 * credentials), they are the superadmin's, at every start, so the flags stay the one place to
 * change them; without, `admin`/`admin` is made once and is the user's to change.
 */
export function ensureSuperadmin(deps: ControllerDeps): Promise<void> {
  let done = settled.get(deps.store);
  if (!done) {
    done = settleSuperadmin(deps);
    settled.set(deps.store, done);
    done.catch(() => settled.delete(deps.store));
  }
  return done;
}

async function settleSuperadmin(deps: ControllerDeps): Promise<void> {
  const wanted = deps.config.auth ?? DEFAULT_ADMIN;
  await withConflictRetry(async () => {
    const marker = await deps.store.get<string>(keys.superadmin());
    const current = marker === undefined ? undefined : await deps.store.get<UserRecord>(keys.user(marker));
    if (current && (!deps.config.auth || (current.username === wanted.user && (await secretMatches(wanted.password, current.password))))) return;
    const now = gns3Timestamp(Date.now());
    const hash = await hashSecret(wanted.password);
    if (!current) {
      const admin = newUser(deps.newId(), { username: wanted.user, password: wanted.password, full_name: "Super Administrator" }, hash, now, true);
      const claims = nameClaims(admin);
      await deps.store.commit(
        [{ key: keys.user(admin.user_id), value: admin }, { key: keys.superadmin(), value: admin.user_id }, ...claims.writes],
        [{ key: keys.superadmin(), absent: true }, ...claims.guards],
      );
      return;
    }
    const renamed: UserRecord = { ...current, username: wanted.user, password: hash, updated_at: now, revision: current.revision + 1 };
    const claims = claimChanges(current, renamed);
    await deps.store.commit([{ key: keys.user(current.user_id), value: renamed }, ...claims.writes], [{ key: keys.user(current.user_id), revision: current.revision }, ...claims.guards]);
  });
}

/** The claims that keep a user's name and email its own. */
function nameClaims(user: UserRecord): { writes: Array<{ key: string; value: string }>; guards: KvGuard[] } {
  const writes = [{ key: keys.userName(user.username), value: user.user_id }, ...(user.email ? [{ key: keys.userEmail(user.email), value: user.user_id }] : [])];
  return { writes, guards: writes.map((write): KvGuard => ({ key: write.key, absent: true })) };
}

/** The claims a change of user gives up and takes, the ones it takes guarded as free. */
function claimChanges(before: UserRecord, after: UserRecord): { writes: KvWrite[]; guards: KvGuard[] } {
  const held = nameClaims(before).writes;
  const wanted = nameClaims(after).writes;
  const released = held.filter((claim) => !wanted.some((kept) => kept.key === claim.key)).map((claim): KvWrite => ({ key: claim.key, delete: true }));
  const taken = wanted.filter((claim) => !held.some((kept) => kept.key === claim.key));
  return { writes: [...released, ...taken], guards: taken.map((claim): KvGuard => ({ key: claim.key, absent: true })) };
}

function takenName(key: string, user: UserRecord) {
  if (key === keys.userName(user.username)) return invalidRequest(`Username '${user.username}' is already registered`);
  if (user.email && key === keys.userEmail(user.email)) return invalidRequest(`Email '${user.email}' is already registered`);
  return conflictingRequest("The user was changed by another request, try again");
}
