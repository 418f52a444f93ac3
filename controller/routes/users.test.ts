import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";

/** GNS3 3.0.6's tests/api/routes/controller/test_users.py, replayed, and what it leaves out. */

const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

async function login(api: ApiClient, username: string, password: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await api.fetch("/v3/access/users/login", form({ username, password }));
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** A client that sends `token` as a bearer token. */
function as(api: ApiClient, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await api.fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
}

describeApi(
  "/v3 users, as GNS3 3.0.6",
  (api) => {
    it("signs the superadmin in with admin/admin when no credentials were given, by form and by JSON", async () => {
      const byForm = await login(api, "admin", "admin");
      expect(byForm.status).toBe(200);
      expect(byForm.body).toEqual({ access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), token_type: "bearer" });
      const claims = JSON.parse(Buffer.from(byForm.body.access_token.split(".")[1], "base64url").toString());
      expect(claims.sub).toBe("admin");
      // Valid for GNS3's 24 h.
      expect(claims.exp - Date.now() / 1000).toBeGreaterThan(1439 * 60);
      expect(claims.exp - Date.now() / 1000).toBeLessThanOrEqual(1440 * 60);
      const byJson = await api.post("/v3/access/users/authenticate", { username: "admin", password: "admin" });
      expect(byJson.status).toBe(200);
      const me = await as(api, byJson.body.access_token)("GET", "/v3/access/users/me");
      expect(me.status).toBe(200);
      expect(Object.keys(me.body)).toEqual(["username", "is_active", "email", "full_name", "created_at", "updated_at", "user_id", "last_login", "is_superadmin"]);
      expect(me.body).toMatchObject({ username: "admin", is_active: true, email: null, full_name: "Super Administrator", is_superadmin: true });
      expect(me.body.last_login).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    });

    it("refuses sign-ins as GNS3 does: 401 with WWW-Authenticate: Bearer and no token, 422 for a missing field", async () => {
      for (const [username, password] of [["wrong_username", "admin"], ["admin", "wrong_password"]] as const) {
        const refused = await login(api, username, password);
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ message: "Authentication was unsuccessful." });
        expect(refused.headers.get("www-authenticate")).toBe("Bearer");
      }
      const missing = await api.fetch("/v3/access/users/login", form({ username: "admin" }));
      expect(missing.status).toBe(422);
      const body = (await missing.json()) as { message: string };
      expect(body.message).toMatch(/^1 validation error:\n  \{'type': 'missing', 'loc': \('body', 'password'\), 'msg': 'Field required'/);
      // A body quoted whole never shows a password.
      const noName = await api.fetch("/v3/access/users/login", form({ password: "hunter2-secret" }));
      expect(noName.status).toBe(422);
      expect(await noName.text()).not.toContain("hunter2-secret");
    });

    it("refuses requests without a valid token with GNS3's words", async () => {
      const none = await api.get("/v3/access/users/me");
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ message: "Not authenticated" });
      expect(none.headers.get("www-authenticate")).toBe("Bearer");
      for (const token of ["asdf", "a.b.c"]) {
        const bad = await as(api, token)("GET", "/v3/access/users/me");
        expect(bad).toMatchObject({ status: 401, body: { message: "Could not validate credentials" } });
        expect(bad.headers.get("www-authenticate")).toBe("Bearer");
      }
      // Sign-in is open to POST only: GET .../login is a user id to the router, and needs a token.
      expect((await api.get("/v3/access/users/login")).body).toEqual({ message: "Not authenticated" });
      // Basic credentials are /v2's: /v3 wants a bearer token.
      const basic = await api.fetch("/v3/access/users/me", { headers: { authorization: `Basic ${btoa("admin:admin")}` } });
      expect(basic.status).toBe(401);
    });

    it("creates users and refuses what GNS3 refuses (test_users.py)", async () => {
      const admin = as(api, (await login(api, "admin", "admin")).body.access_token);
      expect((await admin("POST", "/v3/access/users", { username: "user1", email: "user1@email.com", password: "test_password" })).status).toBe(201);
      const user2 = await admin("POST", "/v3/access/users", { username: "user2", email: "user2@email.com", password: "test_password" });
      expect(user2.status).toBe(201);
      expect(user2.body).toMatchObject({ username: "user2", email: "user2@email.com", is_active: true, is_superadmin: false, full_name: null, last_login: null });
      expect(user2.body).not.toHaveProperty("password");
      expect(user2.body).not.toHaveProperty("hashed_password");
      const base = { email: "not_taken@email.com", username: "not_taken_username", password: "test_password" };
      const cases: Array<[Record<string, string>, number]> = [
        [{ email: "user2@email.com" }, 400],
        [{ username: "user2" }, 400],
        [{ email: "invalid_email@one@two.io" }, 422],
        [{ password: "short" }, 422],
        [{ username: "user2@#$%^<>" }, 422],
        [{ username: "ab" }, 422],
      ];
      for (const [override, status] of cases) {
        const reply = await admin("POST", "/v3/access/users", { ...base, ...override });
        expect(reply.status, JSON.stringify(override)).toBe(status);
        expect(Object.keys(reply.body)).toEqual(["message"]);
      }
      expect((await admin("POST", "/v3/access/users", { ...base, email: "user2@email.com" })).body.message).toBe("Email 'user2@email.com' is already registered");
      expect((await admin("POST", "/v3/access/users", { ...base, username: "user2" })).body.message).toBe("Username 'user2' is already registered");
      // A refused password is not echoed back.
      const tooShort = await admin("POST", "/v3/access/users", { ...base, password: "pw1234" });
      expect(tooShort.status).toBe(422);
      expect(tooShort.body.message).not.toContain("pw1234");
      expect(tooShort.body.message).toContain("'input': '**********'");
      // Nothing was stored for the refusals.
      const listed = await admin("GET", "/v3/access/users");
      expect(listed.body.map((user: { username: string }) => user.username).sort()).toEqual(["admin", "user1", "user2"]);

      const path = `/v3/access/users/${user2.body.user_id}`;
      const updates: Array<[Record<string, unknown>, number]> = [
        [{ email: "user@email.com" }, 200],
        [{ email: "user@email.com" }, 400],
        [{ username: "user2" }, 400],
        [{ email: "invalid_email@one@two.io" }, 422],
        [{ password: "short" }, 422],
        [{ username: "user2@#$%^<>" }, 422],
        [{ username: "ab" }, 422],
        [{ full_name: "John Doe" }, 200],
        [{ password: "password123" }, 200],
        [{ is_active: true }, 200],
      ];
      for (const [update, status] of updates) expect((await admin("PUT", path, update)).status, JSON.stringify(update)).toBe(status);
      expect((await admin("GET", path)).body).toMatchObject({ username: "user2", email: "user@email.com", full_name: "John Doe" });
      // The old email is free again, the new password signs in, the old one no more.
      expect((await admin("POST", "/v3/access/users", { username: "user3", email: "user2@email.com", password: "test_password" })).status).toBe(201);
      expect((await login(api, "user2", "password123")).status).toBe(200);
      expect((await login(api, "user2", "test_password")).status).toBe(401);
    });

    it("lets users see and change themselves, and stops their tokens at once when disabled or deleted", async () => {
      const admin = as(api, (await login(api, "admin", "admin")).body.access_token);
      const created = await admin("POST", "/v3/access/users", { username: "user4", email: "user4@email.com", password: "user4_password" });
      const token = (await api.post("/v3/access/users/authenticate", { username: "user4", password: "user4_password" })).body.access_token;
      const user4 = as(api, token);
      expect((await user4("GET", "/v3/access/users/me")).body).toMatchObject({ username: "user4", email: "user4@email.com", user_id: created.body.user_id });
      expect((await user4("PUT", "/v3/access/users/me", { email: "user42@email.com" })).status).toBe(200);
      expect((await user4("PUT", "/v3/access/users/me", { email: "user42@email.com" })).status).toBe(400);
      expect((await user4("PUT", "/v3/access/users/me", { full_name: "John Doe" })).status).toBe(200);
      expect((await user4("PUT", "/v3/access/users/me", { password: "password123", username: "renamed" })).body).toMatchObject({ username: "user4", full_name: "John Doe" });
      // ?token= works where a header cannot be set.
      expect((await api.get(`/v3/access/users/me?token=${token}`)).status).toBe(200);
      // Without an ACL entry, a user holds no privilege.
      expect(await user4("GET", "/v3/access/users")).toMatchObject({ status: 403, body: { message: "Permission denied (privilege User.Audit is required)" } });

      expect((await admin("PUT", `/v3/access/users/${created.body.user_id}`, { is_active: false })).status).toBe(200);
      expect(await user4("GET", "/v3/access/users/me")).toMatchObject({ status: 401, body: { message: "Not an active user" } });
      expect((await admin("DELETE", `/v3/access/users/${created.body.user_id}`)).status).toBe(204);
      expect(await user4("GET", "/v3/access/users/me")).toMatchObject({ status: 401, body: { message: "Could not validate credentials" } });
      expect((await admin("GET", `/v3/access/users/${created.body.user_id}`))).toMatchObject({ status: 404, body: { message: `User '${created.body.user_id}' not found` } });
      expect((await admin("DELETE", "/v3/access/users/not-a-uuid")).status).toBe(422);
    });

    it("never deletes the superadmin", async () => {
      const admin = as(api, (await login(api, "admin", "admin")).body.access_token);
      const me = (await admin("GET", "/v3/access/users/me")).body;
      expect(await admin("DELETE", `/v3/access/users/${me.user_id}`)).toMatchObject({ status: 403, body: { message: "The super admin cannot be deleted" } });
    });
  },
  { workerd: true },
);

describeApi(
  "/v3's superadmin from --user and --password",
  (api) => {
    it("is the /v2 credentials' user, and admin/admin does not exist", async () => {
      expect((await login(api, "admin", "admin")).status).toBe(401);
      const signedIn = await login(api, "teacher", "s3cret pass");
      expect(signedIn.status).toBe(200);
      expect((await as(api, signedIn.body.access_token)("GET", "/v3/access/users/me")).body).toMatchObject({ username: "teacher", is_superadmin: true });
    });
  },
  { auth: { user: "teacher", password: "s3cret pass" }, workerd: true },
);
