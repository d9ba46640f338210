//! The edge's HTTP contract (spec section 7), good and bad paths. Every scenario runs against
//! `--target all` in one process and against every service in a process of its own; most
//! also against two edges and two identity services behind one address each (replicated),
//! and all must behave the same. The sign-in rate limits are each edge's own (a replica
//! counts what reaches it; docs/scaling.md), so their scenarios run unreplicated.

#[macro_use]
mod common;

use base64::Engine;
use common::{Call, Cluster, Deployment, Options, PARTNER_KEY, PARTNER_NAME, RateLimit, SIGNING_KEY, eventually};
use jsonwebtoken::{EncodingKey, Header};
use serde_json::{Value, json};

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

const BAD_CREDENTIALS_ZH: &str = "用户不存在/密码错误";
const BAD_CREDENTIALS_EN: &str = "User does not exist or password is incorrect";

// --- sign-in, getInfo, routers --------------------------------------------------------

/// Checks one route of a getRouters tree, and its children, for every field RuoYi-Vue's
/// console reads; returns how many routes it checked.
fn ruoyi_route_shape(route: &Value, at: &str) -> usize {
    let path = route["path"].as_str().unwrap_or_else(|| panic!("{at}: a path: {route}"));
    let at = format!("{at}/{path}");
    for field in ["name", "path", "redirect", "component"] {
        assert!(route[field].is_string(), "{at}: `{field}` is a string: {route}");
    }
    for field in ["hidden", "alwaysShow"] {
        assert!(route[field].is_boolean(), "{at}: `{field}` is a boolean: {route}");
    }
    let meta = &route["meta"];
    assert!(meta["title"].is_string() && meta["icon"].is_string(), "{at}: meta.title and meta.icon: {meta}");
    assert!(meta["noCache"].is_boolean(), "{at}: meta.noCache: {meta}");
    assert!(meta.get("link").is_some(), "{at}: meta.link (null when none): {meta}");
    1 + route["children"].as_array().map_or(0, |children| children.iter().map(|c| ruoyi_route_shape(c, &at)).sum())
}

scenario!(ruoyi_clients_sign_in_and_draw_their_menus, replicated);
/// What a console written for RuoYi-Vue calls first (docs/api-compatibility.md): `/login`
/// with its JSON body, `/getInfo` with `user`, `roles` and `permissions`, and the root
/// `/getRouters`, which answers exactly what the spec's `/system/menu/getRouters` does.
async fn ruoyi_clients_sign_in_and_draw_their_menus(c: &Cluster) {
    for (user, password, roles) in
        [("admin", "admin123", json!(["admin"])), ("operator", "operator123", json!(["operator"]))]
    {
        let body = json!({ "username": user, "password": password, "code": "", "uuid": "" });
        let (status, login) = c.api.send(Call::post("/login").json(body)).await;
        assert_eq!((status, login["code"].as_i64()), (200, Some(200)), "{login}");
        let token = login["token"].as_str().expect("RuoYi's token field");
        let (_, info) = c.api.send(Call::get("/getInfo").token(token)).await;
        assert_eq!(info["user"]["userName"], user);
        assert_eq!(info["roles"], roles);
        assert!(info["permissions"].as_array().is_some_and(|p| !p.is_empty()), "{info}");

        let (root_status, root) = c.api.send(Call::get("/getRouters").token(token)).await;
        let (_, spec) = c.api.send(Call::get("/system/menu/getRouters").token(token)).await;
        assert_eq!((root_status, root["code"].as_i64()), (200, Some(200)), "{root}");
        assert_eq!(root, spec, "{user}: /getRouters answers what /system/menu/getRouters does");
        let routes = root["data"].as_array().expect("data: the route tree");
        let checked: usize = routes.iter().map(|r| ruoyi_route_shape(r, user)).sum();
        assert!(checked > routes.len(), "{user}: the tree has children ({checked} routes)");
    }
    let (status, _) = c.api.send(Call::get("/getRouters")).await;
    assert_eq!(status, 401, "signed in only");
    let token = c.api.login("admin", "admin123").await;
    let (_, profile) = c.api.send(Call::get("/system/user/profile").token(&token)).await;
    assert!(profile["roleGroup"].is_string() && profile["postGroup"].is_string(), "{profile}");
}

scenario!(sign_in_and_read_the_session, replicated);
async fn sign_in_and_read_the_session(c: &Cluster) {
    let (status, captcha) = c.api.send(Call::get("/captchaImage")).await;
    assert_eq!(status, 200);
    assert_eq!(captcha["captchaEnabled"], false, "captcha switched off by LUMISCAPE_CAPTCHA_ENABLED");

    let token = c.api.login("  admin  ", "admin123").await;
    let (status, info) = c.api.send(Call::get("/getInfo").token(&token)).await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["code"], 200);
    assert_eq!(info["user"]["userName"], "admin");
    assert!(info["user"]["userId"].as_i64().unwrap() > 0);
    assert!(info["user"].get("nickName").is_some() && info["user"].get("avatar").is_some());
    assert_eq!(info["roles"], json!(["admin"]), "the role keys, as RuoYi's getInfo");
    assert_eq!(info["permissions"], json!(["*:*:*"]));
    assert_eq!(info["defultMenu"], "/index", "the spec's spelling; the admin lands on the home page");

    let (status, routers) = c.api.send(Call::get("/system/menu/getRouters?whereUse=0").token(&token)).await;
    assert_eq!(status, 200);
    let routes = routers["data"].as_array().unwrap();
    let system = routes.iter().find(|r| r["path"] == "/system").expect("system directory");
    assert_eq!(system["component"], "Layout");
    assert_eq!(system["meta"]["title"], "系统管理");
    assert_eq!(system["meta"]["titleEn"], "System Management");
    let users = system["children"].as_array().unwrap().iter().find(|r| r["path"] == "user").unwrap();
    assert_eq!(users["component"], "system/user/index");
    assert_eq!(users["menuModule"], "4");
    // Every screen the spec names has a menu.
    let count =
        |routes: &[Value]| -> usize { routes.iter().map(|r| r["children"].as_array().map_or(0, |c| c.len())).sum() };
    assert!(count(routes) >= 55, "only {} screens", count(routes));

    let (status, refreshed) = c.api.send(Call::post("/auth/refresh").token(&token)).await;
    assert_eq!(status, 200);
    assert!(refreshed["data"].as_i64().unwrap() > now() * 1000);
}

scenario!(routes_are_filtered_by_the_callers_permissions, replicated);
async fn routes_are_filtered_by_the_callers_permissions(c: &Cluster) {
    let token = c.api.login("operator", "operator123").await;
    let (_, info) = c.api.send(Call::get("/getInfo").token(&token)).await;
    let permissions: Vec<&str> = info["permissions"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert!(permissions.contains(&"pc:lighting:gateway:list"));
    assert!(permissions.iter().all(|p| p.starts_with("pc:")));
    assert!(!permissions.contains(&"pc:system:user:list"));
    assert_eq!(info["defultMenu"], "/lighting/gateway");

    let (_, routers) = c.api.send(Call::get("/system/menu/getRouters?whereUse=0").token(&token)).await;
    let paths: Vec<&str> = routers["data"].as_array().unwrap().iter().map(|r| r["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["/project", "/lighting", "/alarm"]);

    // A permission-gated route refuses before any service is called.
    let (status, body) = c.api.send(Call::get("/system/config/list").token(&token)).await;
    assert_eq!((status, body["code"].as_i64()), (403, Some(403)));
    let admin = c.api.login("admin", "admin123").await;
    let (status, body) = c.api.send(Call::get("/system/config/list?configKey=sys.browser").token(&admin)).await;
    assert_eq!(status, 200);
    assert_eq!(body["total"], 2);
    assert_eq!(body["rows"].as_array().unwrap().len(), 2);
}

// --- captcha -------------------------------------------------------------------------

async fn captcha(c: &Cluster) -> (String, String) {
    let (status, body) = c.api.send(Call::get("/captchaImage")).await;
    assert_eq!(status, 200);
    assert_eq!(body["captchaEnabled"], true);
    let png = base64::engine::general_purpose::STANDARD.decode(body["img"].as_str().unwrap()).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a real PNG image");
    let uuid = body["uuid"].as_str().unwrap().to_owned();
    let answer: String = sqlx::query_scalar("SELECT answer FROM identity.captchas WHERE uuid = $1::uuid")
        .bind(&uuid)
        .fetch_one(&c.pool)
        .await
        .unwrap();
    (uuid, answer)
}

async fn login_with_captcha(c: &Cluster, uuid: &str, code: &str) -> (u16, Value) {
    let body = json!({ "username": "admin", "password": "admin123", "code": code, "uuid": uuid });
    c.api.send(Call::post("/login").json(body)).await
}

scenario!(captcha_answers_are_checked_once, Options { captcha: None, ..Options::default() }, replicated);
async fn captcha_answers_are_checked_once(c: &Cluster) {
    let (status, body) = c.api.login_attempt("admin", "admin123").await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("验证码不能为空")));

    let (uuid, answer) = captcha(c).await;
    let (status, body) = login_with_captcha(c, &uuid, "zzzz").await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("验证码错误")));
    // A wrong answer uses the captcha up.
    let (status, body) = login_with_captcha(c, &uuid, &answer).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("验证码已失效")));

    let (uuid, answer) = captcha(c).await;
    let (status, body) = login_with_captcha(c, &uuid, &answer.to_lowercase()).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = login_with_captcha(c, &uuid, &answer).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("验证码已失效")), "single use");

    let (uuid, answer) = captcha(c).await;
    sqlx::query("UPDATE identity.captchas SET expires_at = now() - interval '1 second' WHERE uuid = $1::uuid")
        .bind(&uuid)
        .execute(&c.pool)
        .await
        .unwrap();
    let (status, body) = login_with_captcha(c, &uuid, &answer).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("验证码已失效")), "expired");

    let (status, body) = login_with_captcha(c, "not-a-uuid", "abcd").await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("验证码已失效")));
}

#[tokio::test]
async fn the_captcha_follows_the_config_entry() {
    for deployment in [Deployment::Monolith, Deployment::Split] {
        let (_, url) = common::fresh_database().await;
        let pool = sqlx::PgPool::connect(&url).await.unwrap();
        sqlx::query(
            "UPDATE identity.configs SET config_value = 'false' WHERE config_key = 'sys.account.captchaEnabled'",
        )
        .execute(&pool)
        .await
        .unwrap();
        let c = Cluster::launch(deployment, Options { captcha: None, ..Options::default() }, url).await;
        let (_, body) = c.api.send(Call::get("/captchaImage")).await;
        assert_eq!(body["captchaEnabled"], false);
        c.api.login("admin", "admin123").await;
    }
}

// --- wrong passwords and lockout --------------------------------------------------------

scenario!(wrong_and_unknown_users_get_the_same_answer, replicated);
async fn wrong_and_unknown_users_get_the_same_answer(c: &Cluster) {
    let (status, wrong) = c.api.login_attempt("admin", "nope").await;
    let (_, unknown) = c.api.login_attempt("nobody", "nope").await;
    assert_eq!(status, 400);
    assert_eq!(wrong, unknown);
    assert_eq!(wrong["msg"], BAD_CREDENTIALS_ZH);
    let (_, english) = c
        .api
        .send(Call::post("/login").header("Content-Language", "en_US").json(json!({"username": "x", "password": "y"})))
        .await;
    assert_eq!(english["msg"], BAD_CREDENTIALS_EN);
    let (status, body) = c.api.login_attempt("", "x").await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("用户名不能为空")));
    let (status, body) = c.api.login_attempt("admin", "").await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("密码不能为空")));
    let (status, body) = c.api.login_attempt(&"a".repeat(500), "x").await;
    assert_eq!((status, body["msg"].as_str()), (400, Some(BAD_CREDENTIALS_ZH)));
}

scenario!(repeated_wrong_passwords_lock_the_account, replicated);
async fn repeated_wrong_passwords_lock_the_account(c: &Cluster) {
    // Four wrong passwords at once are all counted: none is lost to a race.
    let attempts = (0..4).map(|_| c.api.login_attempt("operator", "wrong"));
    for (status, _) in futures::future::join_all(attempts).await {
        assert_eq!(status, 400);
    }
    let failed: i32 = sqlx::query_scalar("SELECT failed_attempts FROM identity.users WHERE user_name = 'operator'")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(failed, 4);
    c.api.login_attempt("operator", "wrong").await;
    // Locked: even the right password gets the same answer as an unknown user.
    let (status, locked) = c.api.login_attempt("operator", "operator123").await;
    let (_, unknown) = c.api.login_attempt("nobody", "operator123").await;
    assert_eq!(status, 400);
    assert_eq!(locked, unknown);
    // When the lock has run out, the right password works again and the count restarts.
    sqlx::query("UPDATE identity.users SET locked_until = now() - interval '1 second' WHERE user_name = 'operator'")
        .execute(&c.pool)
        .await
        .unwrap();
    c.api.login("operator", "operator123").await;
    let failed: i32 = sqlx::query_scalar("SELECT failed_attempts FROM identity.users WHERE user_name = 'operator'")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(failed, 0);
}

scenario!(parallel_wrong_passwords_lock_exactly_at_the_limit, replicated);
async fn parallel_wrong_passwords_lock_exactly_at_the_limit(c: &Cluster) {
    let attempts = (0..12).map(|_| c.api.login_attempt("operator", "wrong"));
    futures::future::join_all(attempts).await;
    let (failed, locked): (i32, bool) =
        sqlx::query_as("SELECT failed_attempts, locked_until > now() FROM identity.users WHERE user_name = 'operator'")
            .fetch_one(&c.pool)
            .await
            .unwrap();
    assert!(locked, "the account is locked");
    assert!(failed >= 5, "at least the limit was counted, got {failed}");
    let (status, _) = c.api.login_attempt("operator", "operator123").await;
    assert_eq!(status, 400);
}

// --- tokens -------------------------------------------------------------------------

fn sign(key: &str, claims: Value) -> String {
    jsonwebtoken::encode(&Header::default(), &claims, &EncodingKey::from_secret(key.as_bytes())).unwrap()
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

scenario!(bad_tokens_are_refused, replicated);
async fn bad_tokens_are_refused(c: &Cluster) {
    let (status, body) = c.api.send(Call::get("/getInfo")).await;
    assert_eq!((status, body["code"].as_i64()), (401, Some(401)));
    assert_eq!(body["msg"], "认证失败，无法访问系统资源");

    let (status, _) = c.api.send(Call::get("/getInfo").token("garbage")).await;
    assert_eq!(status, 401);
    let (status, _) = c.api.send(Call::get("/getInfo").header("Authorization", "Basic YWRtaW46YWRtaW4xMjM=")).await;
    assert_eq!(status, 401);

    let token = c.api.login("admin", "admin123").await;
    let claims: Value = {
        let payload = token.split('.').nth(1).unwrap();
        serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap()
    };
    // alg none, with and without a trailing dot.
    let none = format!("{}.{}", b64(br#"{"alg":"none","typ":"JWT"}"#), b64(claims.to_string().as_bytes()));
    for forged in [format!("{none}."), none.clone()] {
        let (status, _) = c.api.send(Call::get("/getInfo").token(&forged)).await;
        assert_eq!(status, 401, "alg none accepted");
    }
    // The same claims signed with another key.
    let (status, _) =
        c.api.send(Call::get("/getInfo").token(&sign("another-key-another-key-another-key!!", claims.clone()))).await;
    assert_eq!(status, 401);
    // Expired, though correctly signed.
    let mut expired = claims.clone();
    expired["exp"] = json!(now() - 10);
    let (status, _) = c.api.send(Call::get("/getInfo").token(&sign(SIGNING_KEY, expired))).await;
    assert_eq!(status, 401);
    // Correctly signed, but no such session.
    let mut invented = claims.clone();
    invented["sid"] = json!(uuid::Uuid::new_v4().to_string());
    let (status, body) = c.api.send(Call::get("/getInfo").token(&sign(SIGNING_KEY, invented))).await;
    assert_eq!((status, body["msg"].as_str()), (401, Some("登录状态已过期，请重新登录")));
    // A session of one user presented as another's.
    let mut swapped = claims.clone();
    swapped["uid"] = json!(claims["uid"].as_i64().unwrap() + 1);
    let (status, _) = c.api.send(Call::get("/getInfo").token(&sign(SIGNING_KEY, swapped))).await;
    assert_eq!(status, 401);
    // The genuine token still works.
    let (status, _) = c.api.send(Call::get("/getInfo").token(&token)).await;
    assert_eq!(status, 200);
}

scenario!(a_token_stops_working_at_logout, replicated);
async fn a_token_stops_working_at_logout(c: &Cluster) {
    let token = c.api.login("admin", "admin123").await;
    let other = c.api.login("admin", "admin123").await;
    let (status, body) = c.api.send(Call::post("/logout").token(&token)).await;
    assert_eq!((status, body["msg"].as_str()), (200, Some("退出成功")));
    for path in ["/getInfo", "/system/menu/getRouters", "/project/project/dropList"] {
        let (status, _) = c.api.send(Call::get(path).token(&token)).await;
        assert_eq!(status, 401, "{path} after logout");
    }
    let (status, _) = c.api.send(Call::post("/auth/refresh").token(&token)).await;
    assert_eq!(status, 401);
    let (status, _) = c.api.send(Call::post("/logout").token(&token)).await;
    assert_eq!(status, 401);
    // Another session of the same user is untouched.
    let (status, _) = c.api.send(Call::get("/getInfo").token(&other)).await;
    assert_eq!(status, 200);
    // The revocation is in the database too.
    let revoked: i64 = sqlx::query_scalar("SELECT count(*) FROM identity.sessions WHERE revoked_at IS NOT NULL")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(revoked, 1);
}

scenario!(an_expired_session_is_refused, replicated);
async fn an_expired_session_is_refused(c: &Cluster) {
    let token = c.api.login("admin", "admin123").await;
    // Simulate the idle expiry through the bucket every process follows: a refresh writes
    // the state; here we shorten it in the database and ask for a refresh, which must fail
    // once the database says the session is over.
    sqlx::query("UPDATE identity.sessions SET expires_at = now() - interval '1 second'")
        .execute(&c.pool)
        .await
        .unwrap();
    let (status, _) = c.api.send(Call::post("/auth/refresh").token(&token)).await;
    assert_eq!(status, 401);
}

// --- other system -------------------------------------------------------------------

/// The claims of a good other-system token for `sub`, with a fresh `jti`.
fn partner_claims(sub: &str) -> Value {
    json!({
        "iss": PARTNER_NAME,
        "aud": "lumiscape",
        "sub": sub,
        "exp": now() + 60,
        "iat": now(),
        "jti": uuid::Uuid::new_v4().to_string(),
    })
}

async fn exchange(c: &Cluster, token: &str) -> Value {
    let (status, body) = c.api.send(Call::get(&format!("/loginByOtherSystem?token={token}"))).await;
    assert_eq!(status, 200);
    body
}

scenario!(sign_in_through_a_trusted_system, replicated);
async fn sign_in_through_a_trusted_system(c: &Cluster) {
    let good = sign(PARTNER_KEY, partner_claims("operator"));
    let body = exchange(c, &good).await;
    assert_eq!(body["data"]["status"], "success");
    let token = body["data"]["token"].as_str().unwrap().to_owned();
    let (_, info) = c.api.send(Call::get("/getInfo").token(&token)).await;
    assert_eq!(info["user"]["userName"], "operator");

    let with = |change: Value| {
        let mut claims = partner_claims("operator");
        for (key, value) in change.as_object().unwrap() {
            if value.is_null() {
                claims.as_object_mut().unwrap().remove(key);
            } else {
                claims[key] = value.clone();
            }
        }
        sign(PARTNER_KEY, claims)
    };
    let refused = [
        sign("not-the-partner-key-not-the-partner-key", partner_claims("operator")),
        with(json!({ "iss": "someone-else" })),
        with(json!({ "exp": now() - 60 })),
        with(json!({ "sub": "nobody" })),
        sign(SIGNING_KEY, partner_claims("admin")),
        // Single use: the token that just worked is refused the second time.
        good.clone(),
        // No jti, no iat, no aud, or an empty jti.
        with(json!({ "jti": null })),
        with(json!({ "jti": "" })),
        with(json!({ "iat": null })),
        with(json!({ "aud": null })),
        // Addressed to another audience.
        with(json!({ "aud": "another-platform" })),
        // Issued longer ago than auth.other_system_max_age_seconds (300), though not expired.
        with(json!({ "iat": now() - 301, "exp": now() + 600 })),
        // Issued in the future.
        with(json!({ "iat": now() + 120 })),
        "garbage".to_owned(),
        String::new(),
    ];
    for token in refused {
        let body = exchange(c, &token).await;
        assert_eq!(body["data"]["status"], "error", "accepted {token}");
        assert_eq!(body["msg"], "认证信息异常");
        assert!(body["data"].get("token").is_none());
    }
    // An audience given as a list holding ours is accepted, once.
    let listed = with(json!({ "aud": ["lumiscape", "elsewhere"] }));
    assert_eq!(exchange(c, &listed).await["data"]["status"], "success");
    assert_eq!(exchange(c, &listed).await["data"]["status"], "error");
    // Parallel replays of one token: exactly one session.
    let once = sign(PARTNER_KEY, partner_claims("operator"));
    let answers = futures::future::join_all((0..6).map(|_| exchange(c, &once))).await;
    let successes = answers.iter().filter(|a| a["data"]["status"] == "success").count();
    assert_eq!(successes, 1, "{answers:?}");
    // Used tokens are remembered until their expiry; expired ones are purged.
    sqlx::query("UPDATE identity.other_system_tokens SET expires_at = now() - interval '1 second'")
        .execute(&c.pool)
        .await
        .unwrap();
    assert_eq!(exchange(c, &sign(PARTNER_KEY, partner_claims("operator"))).await["data"]["status"], "success");
    let remembered: i64 =
        sqlx::query_scalar("SELECT count(*) FROM identity.other_system_tokens").fetch_one(&c.pool).await.unwrap();
    assert_eq!(remembered, 1, "the expired rows were purged");
}

scenario!(
    the_audience_is_configured_per_trusted_system,
    Options {
        extra_env: vec![("LUMISCAPE_AUTH__OTHER_SYSTEM_MAX_AGE_SECONDS".into(), "60".into())],
        audience: Some("lighting-cloud".into()),
        ..Options::default()
    },
    replicated
);
async fn the_audience_is_configured_per_trusted_system(c: &Cluster) {
    let mut claims = partner_claims("operator");
    assert_eq!(exchange(c, &sign(PARTNER_KEY, claims.clone())).await["data"]["status"], "error", "default aud");
    claims["aud"] = json!("lighting-cloud");
    claims["jti"] = json!(uuid::Uuid::new_v4().to_string());
    assert_eq!(exchange(c, &sign(PARTNER_KEY, claims.clone())).await["data"]["status"], "success");
    claims["jti"] = json!(uuid::Uuid::new_v4().to_string());
    claims["iat"] = json!(now() - 90);
    assert_eq!(exchange(c, &sign(PARTNER_KEY, claims)).await["data"]["status"], "error", "older than 60 s");
}

// --- projects and the ProjectId header ------------------------------------------------

scenario!(projects_are_scoped_to_the_caller, replicated);
async fn projects_are_scoped_to_the_caller(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let (_, all) = c.api.send(Call::get("/project/project/dropList").token(&admin)).await;
    assert_eq!(all["data"].as_array().unwrap().len(), 2);

    let operator = c.api.login("operator", "operator123").await;
    let (status, mine) = c.api.send(Call::get("/project/project/dropList").token(&operator)).await;
    assert_eq!(status, 200);
    assert_eq!(mine["data"], json!([{ "id": 1, "projectName": "滨江景观照明示范项目" }]));

    let (_, picker) = c.api.send(Call::get("/project/project/userProjectList?projectName=滨江").token(&admin)).await;
    assert_eq!(picker["data"].as_array().unwrap().len(), 1);
    assert_eq!(picker["data"][0]["projectNumber"], "LS-DEMO-001");

    let (status, detail) = c.api.send(Call::get("/project/project/detail?id=1&type=1").token(&operator)).await;
    assert_eq!(status, 200);
    assert_eq!(detail["data"]["menuLogo"], "/demo/logo.svg");
    assert_eq!(detail["data"]["menuLogoStatus"], "1");
    let (_, second) = c.api.send(Call::get("/project/project/detail?id=2&type=1").token(&admin)).await;
    assert_eq!(second["data"]["menuLogoStatus"], "1", "an empty logo status falls back to 1");

    // Foreign project: in the header and in the query.
    let (status, body) =
        c.api.send(Call::get("/project/project/dropList").token(&operator).header("ProjectId", "2")).await;
    assert_eq!((status, body["msg"].as_str()), (403, Some("无权访问该项目")));
    let (status, _) = c.api.send(Call::get("/project/project/detail?id=2&type=1").token(&operator)).await;
    assert_eq!(status, 403);
    let (status, _) =
        c.api.send(Call::get("/project/project/dropList").token(&operator).header("ProjectId", "1")).await;
    assert_eq!(status, 200);
    let (status, _) =
        c.api.send(Call::get("/project/project/dropList").token(&operator).header("ProjectId", "-1")).await;
    assert_eq!(status, 200, "-1 means no project selected");
    let (status, _) =
        c.api.send(Call::get("/project/project/dropList").token(&operator).header("ProjectId", "abc")).await;
    assert_eq!(status, 400);
    let (status, _) = c.api.send(Call::get("/project/project/detail?id=999&type=1").token(&admin)).await;
    assert_eq!(status, 404);
    let (status, _) = c.api.send(Call::get("/project/project/detail?id=x").token(&admin)).await;
    assert_eq!(status, 400);
}

scenario!(cities_come_from_the_shipped_division_codes, replicated);
async fn cities_come_from_the_shipped_division_codes(c: &Cluster) {
    let operator = c.api.login("operator", "operator123").await;
    let (status, all) = c.api.send(Call::get("/project/city/list").token(&operator)).await;
    assert_eq!((status, all["code"].as_i64()), (200, Some(200)));
    let cities = all["data"].as_array().unwrap();
    assert!(cities.len() >= 337, "{} cities", cities.len());
    assert_eq!(
        cities[0],
        json!({ "cityCode": "1101", "cityName": "北京市", "provinceCode": "11", "provinceName": "北京市" })
    );
    let (_, found) = c.api.send(Call::get("/project/city/list?cityName=%E6%9D%AD%E5%B7%9E").token(&operator)).await;
    assert_eq!(
        found["data"],
        json!([{ "cityCode": "3301", "cityName": "杭州市", "provinceCode": "33", "provinceName": "浙江省" }])
    );
    let (_, hebei) = c.api.send(Call::get("/project/city/list?provinceCode=13").token(&operator)).await;
    assert_eq!(hebei["data"].as_array().unwrap().len(), 11);

    // Bad filters: refused with a message in the caller's language; no token, no list.
    let (status, body) = c
        .api
        .send(Call::get("/project/city/list?provinceCode=1").token(&operator).header("Content-Language", "en_US"))
        .await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("The province code must be two digits")));
    let (status, body) = c.api.send(Call::get("/project/city/list?provinceCode=ab").token(&operator)).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("省份编码应为两位数字")));
    let long = "城".repeat(51);
    let (status, _) = c.api.send(Call::get(&format!("/project/city/list?cityName={long}")).token(&operator)).await;
    assert_eq!(status, 400);
    let (status, _) = c.api.send(Call::get("/project/city/list")).await;
    assert_eq!(status, 401);
}

// --- config, dictionaries, language -----------------------------------------------------

scenario!(config_values_and_dictionaries, replicated);
async fn config_values_and_dictionaries(c: &Cluster) {
    let (status, body) = c.api.send(Call::get("/system/config/configKey/sys.browser.nameZh")).await;
    assert_eq!((status, body["msg"].as_str()), (200, Some("智慧景观照明云平台")));
    let (_, body) = c.api.send(Call::get("/system/config/configKey/sys.menu.mode")).await;
    assert_eq!(body["msg"], "0");
    // A private key is not readable anonymously, and a stale token does not break public reads.
    let (_, body) = c.api.send(Call::get("/system/config/configKey/map.secret")).await;
    assert_eq!(body["msg"], "");
    let (status, body) = c.api.send(Call::get("/system/config/configKey/sys.browser.nameEn").token("stale")).await;
    assert_eq!((status, body["msg"].as_str()), (200, Some("Smart Landscape Lighting Cloud Platform")));
    sqlx::query("UPDATE identity.configs SET config_value = 'k-123' WHERE config_key = 'map.key'")
        .execute(&c.pool)
        .await
        .unwrap();
    // A private value needs the permission to read the parameters: the operator (signed
    // in, without it) learns nothing of it, the administrator reads it.
    let operator = c.api.login("operator", "operator123").await;
    let (_, body) = c.api.send(Call::get("/system/config/configKey/map.key").token(&operator)).await;
    assert_eq!(body["msg"], "");
    let token = c.api.login("admin", "admin123").await;
    let (_, body) = c.api.send(Call::get("/system/config/configKey/map.key").token(&token)).await;
    assert_eq!(body["msg"], "k-123");

    let (status, body) = c.api.send(Call::get("/system/dict/data/type/menu_module_type").token(&token)).await;
    assert_eq!(status, 200);
    let items = body["data"].as_array().unwrap();
    assert_eq!(items.len(), 5);
    assert_eq!(items[0]["dictValue"], "1");
    assert_eq!(items[0]["dictLabel"], "智慧照明");
    assert!(items.iter().any(|i| i["dictValue"] == "dataScreen"));
    let (_, english) = c
        .api
        .send(Call::get("/system/dict/data/type/menu_module_type").token(&token).header("Content-Language", "en_US"))
        .await;
    assert_eq!(english["data"][0]["dictLabel"], "Smart Lighting");
    assert_eq!(english["data"][0]["dictLabelZh"], "智慧照明");
    let (_, none) = c.api.send(Call::get("/system/dict/data/type/no_such_type").token(&token)).await;
    assert_eq!(none["data"], json!([]));
    let (status, _) = c.api.send(Call::get("/system/dict/data/type/bad%20type;drop").token(&token)).await;
    assert_eq!(status, 400);
    let (status, _) = c.api.send(Call::get("/system/dict/data/type/menu_module_type")).await;
    assert_eq!(status, 401);
}

scenario!(the_language_header_chooses_every_message, replicated);
async fn the_language_header_chooses_every_message(c: &Cluster) {
    let ask = |lang: &'static str| c.api.send(Call::get("/getInfo").header("Content-Language", lang));
    let (_, en) = ask("en_US").await;
    assert_eq!(en["msg"], "Authentication failed, cannot access system resources");
    let (_, zh) = ask("zh_CN").await;
    assert_eq!(zh["msg"], "认证失败，无法访问系统资源");
    let (_, unknown) = ask("fr_FR").await;
    assert_eq!(unknown["msg"], zh["msg"], "an unknown language falls back to Chinese");
    let (_, missing) = c.api.send(Call::get("/getInfo")).await;
    assert_eq!(missing["msg"], zh["msg"]);
}

// --- the edge's own refusals ---------------------------------------------------------

scenario!(unknown_routes_bad_bodies_and_limits, replicated);
async fn unknown_routes_bad_bodies_and_limits(c: &Cluster) {
    let (status, body) = c.api.send(Call::get("/no/such/route").header("Content-Language", "en_US")).await;
    assert_eq!((status, body["code"].as_i64()), (404, Some(404)));
    assert_eq!(body["msg"], "Request address does not exist");
    let (status, body) = c.api.send(Call::get("/login")).await;
    assert_eq!((status, body["code"].as_i64()), (405, Some(405)));

    let (status, body) = c.api.send(Call::post("/login").raw(b"{not json".to_vec())).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("请求内容格式错误")));
    let (status, _) = c.api.send(Call::post("/login").raw(b"[1,2,3]".to_vec())).await;
    assert_eq!(status, 400);
    let (status, _) = c.api.send(Call::post("/login").json(json!({"username": 5, "password": []}))).await;
    assert_eq!(status, 400);

    // NUL characters, which no text column can hold, are refused up front, wherever they are.
    let (status, body) =
        c.api.send(Call::post("/login").raw(br#"{"username":"a\u0000","password":"x"}"#.to_vec())).await;
    assert_eq!((status, body["code"].as_i64()), (400, Some(400)), "{body}");
    let (status, _) = c.api.send(Call::get("/system/config/configKey/a%00b")).await;
    assert_eq!(status, 400);

    // A body declared over the limit is refused before it is read.
    let (status, body) = c.api.declared_too_large(Call::post("/login"), 3 * 1024 * 1024).await;
    assert_eq!((status, body["code"].as_i64()), (413, Some(413)));
    // Nothing was written by the refused requests.
    let sessions: i64 = sqlx::query_scalar("SELECT count(*) FROM identity.sessions").fetch_one(&c.pool).await.unwrap();
    assert_eq!(sessions, 0);
    let token = c.api.login("admin", "admin123").await;
    let (status, body) = c.api.send(Call::get("/system/config/list?configName=%00").token(&token)).await;
    assert_eq!((status, body["code"].as_i64()), (400, Some(400)), "{body}");
}

scenario!(health_and_openapi, replicated);
async fn health_and_openapi(c: &Cluster) {
    for path in ["/healthz", "/readyz"] {
        let response = c.api.client.get(format!("{}{path}", c.api.base)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path} on the API address");
    }
    let doc: Value = c.api.client.get(c.api.url("/openapi.json")).send().await.unwrap().json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    assert!(doc["paths"]["/prod-api/getInfo"]["get"].is_object());
    assert!(doc["paths"]["/prod-api/login"]["post"]["security"].is_null(), "login is public");
    assert!(doc["paths"]["/prod-api/login"]["post"]["responses"]["429"].is_object(), "login is rate limited");
}

scenario!(metrics_are_served_on_the_ops_address_only, replicated);
async fn metrics_are_served_on_the_ops_address_only(c: &Cluster) {
    let public = c.api.client.get(format!("{}/metrics", c.api.base)).header("content-language", "en_US");
    let response = public.send().await.unwrap();
    assert_eq!(response.status(), 404, "no metrics on the API address");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({"code": 404, "msg": "Request address does not exist"}));
    for path in ["/healthz", "/readyz", "/metrics"] {
        let response = c.api.client.get(format!("{}{path}", c.ops_base)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path} on the ops address");
    }
    let metrics = c.api.client.get(format!("{}/metrics", c.ops_base)).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("lumiscape_http_requests_total"), "{metrics}");
    // The operators' address serves nothing of the API.
    let api = c.api.client.get(format!("{}/prod-api/getInfo", c.ops_base)).send().await.unwrap();
    assert_eq!(api.status(), 404);
}

// --- rate limits and headers ---------------------------------------------------------------

const TOO_MANY_ZH: &str = "请求过于频繁，请稍后再试";
const TOO_MANY_EN: &str = "Too many requests, please try again later";

/// Sends a request and returns the whole answer, headers included.
async fn answer(c: &Cluster, method: reqwest::Method, url: &str, lang: &str, body: Option<Value>) -> reqwest::Response {
    let mut request = c.api.client.request(method, url).header("content-language", lang);
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.expect("edge answers")
}

/// Checks a rate limit's refusal: 429, the envelope in `lang`, and a Retry-After of at most
/// a minute.
async fn assert_too_many(response: reqwest::Response, msg: &str) {
    assert_eq!(response.status(), 429);
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry_after), "Retry-After {retry_after}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({"code": 429, "msg": msg}));
}

fn login_body(user: &str, password: &str) -> Option<Value> {
    Some(json!({ "username": user, "password": password }))
}

scenario!(
    sign_in_and_captcha_are_rate_limited_by_address,
    Options {
        rate_limit: RateLimit { login_per_ip: 3, login_per_account: 100, captcha_per_ip: 2 },
        ..Options::default()
    }
);
async fn sign_in_and_captcha_are_rate_limited_by_address(c: &Cluster) {
    let captcha = c.api.url("/captchaImage");
    for _ in 0..2 {
        assert_eq!(answer(c, reqwest::Method::GET, &captcha, "zh_CN", None).await.status(), 200);
    }
    assert_too_many(answer(c, reqwest::Method::GET, &captcha, "zh_CN", None).await, TOO_MANY_ZH).await;
    assert_too_many(answer(c, reqwest::Method::GET, &captcha, "en_US", None).await, TOO_MANY_EN).await;
    // A forwarded-for header does not make another client: no proxy is trusted.
    let forwarded = c.api.client.get(&captcha).header("x-forwarded-for", "203.0.113.9").send().await.unwrap();
    assert_too_many(forwarded, TOO_MANY_ZH).await;

    // Three sign-in attempts, each naming another account: the address's bucket decides.
    let login = c.api.url("/login");
    let token = c.api.login("admin", "admin123").await;
    for user in ["ghost", "nobody"] {
        let response = answer(c, reqwest::Method::POST, &login, "en_US", login_body(user, "wrong")).await;
        assert_eq!(response.status(), 400);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["msg"], BAD_CREDENTIALS_EN);
    }
    let refused = answer(c, reqwest::Method::POST, &login, "en_US", login_body("admin", "admin123")).await;
    assert_too_many(refused, TOO_MANY_EN).await;
    // A trusted system's sign-in draws from the same bucket.
    let other = c.api.url("/loginByOtherSystem?token=x");
    assert_too_many(answer(c, reqwest::Method::GET, &other, "zh_CN", None).await, TOO_MANY_ZH).await;
    // Nothing else is limited.
    for _ in 0..5 {
        let (status, body) = c.api.send(Call::get("/getInfo").token(&token)).await;
        assert_eq!((status, body["code"].as_i64()), (200, Some(200)), "{body}");
    }
}

scenario!(
    sign_in_is_rate_limited_by_account,
    Options {
        rate_limit: RateLimit { login_per_ip: 100, login_per_account: 2, captcha_per_ip: 100 },
        ..Options::default()
    }
);
async fn sign_in_is_rate_limited_by_account(c: &Cluster) {
    let login = c.api.url("/login");
    for _ in 0..2 {
        let response = answer(c, reqwest::Method::POST, &login, "zh_CN", login_body("  admin ", "wrong")).await;
        assert_eq!(response.status(), 400);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["msg"], BAD_CREDENTIALS_ZH);
    }
    // Even the right password waits: the account's bucket is empty, whatever the address.
    let refused = answer(c, reqwest::Method::POST, &login, "zh_CN", login_body("admin", "admin123")).await;
    assert_too_many(refused, TOO_MANY_ZH).await;
    let refused = answer(c, reqwest::Method::POST, &login, "en_US", login_body("admin", "admin123")).await;
    assert_too_many(refused, TOO_MANY_EN).await;
    // The refusals reached no service: only the two wrong passwords count towards the
    // lockout, and other names have buckets of their own.
    let failures: i32 = sqlx::query_scalar("SELECT failed_attempts FROM identity.users WHERE user_name = 'admin'")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(failures, 2);
    for user in ["ADMIN", "ghost"] {
        let response = answer(c, reqwest::Method::POST, &login, "en_US", login_body(user, "wrong")).await;
        assert_eq!(response.status(), 400, "{user} has a bucket of its own");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["msg"], BAD_CREDENTIALS_EN);
    }
}

scenario!(
    a_trusted_proxy_names_the_client,
    Options {
        rate_limit: RateLimit { login_per_ip: 100, login_per_account: 100, captcha_per_ip: 1 },
        extra_env: vec![("LUMISCAPE_HTTP__TRUSTED_PROXIES".into(), r#"["127.0.0.1"]"#.into())],
        ..Options::default()
    }
);
async fn a_trusted_proxy_names_the_client(c: &Cluster) {
    let captcha = c.api.url("/captchaImage");
    let from = |client: &str| c.api.client.get(&captcha).header("x-forwarded-for", format!("198.51.100.7, {client}"));
    assert_eq!(from("203.0.113.1").send().await.unwrap().status(), 200);
    assert_too_many(from("203.0.113.1").send().await.unwrap(), TOO_MANY_ZH).await;
    // Another client behind the same proxy has a bucket of its own; what the client wrote
    // on the left (198.51.100.7) is not believed.
    assert_eq!(from("203.0.113.2").send().await.unwrap().status(), 200);
}

fn assert_security_headers(response: &reqwest::Response, what: &str, hsts: bool) {
    let headers = response.headers();
    assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(headers["referrer-policy"], "no-referrer", "{what}");
    assert_eq!(headers["x-frame-options"], "DENY", "{what}");
    match headers.get("strict-transport-security") {
        Some(value) => {
            assert!(hsts, "{what}: HSTS only behind TLS");
            assert_eq!(value, "max-age=31536000; includeSubDomains", "{what}");
        }
        None => assert!(!hsts, "{what}: HSTS missing behind TLS"),
    }
}

scenario!(every_answer_carries_the_security_headers, Options { console: true, ..Options::default() }, replicated);
async fn every_answer_carries_the_security_headers(c: &Cluster) {
    let token = c.api.login("admin", "admin123").await;
    let get = |url: String| {
        let request = c.api.client.get(url).bearer_auth(&token);
        async move { request.send().await.unwrap() }
    };
    let api = get(c.api.url("/getInfo")).await;
    assert_eq!(api.status(), 200);
    assert_security_headers(&api, "an API answer", false);
    assert_security_headers(&get(c.api.url("/no/such/route")).await, "an API error", false);
    assert_security_headers(&get(format!("{}/healthz", c.api.base)).await, "health", false);
    let script = get(format!("{}/assets/app.js", c.api.base)).await;
    assert_eq!(script.status(), 200);
    assert_security_headers(&script, "a console file", false);
    // index.html, at `/` and as the fallback of the console's own routes.
    for path in ["/", "/index", "/system/user"] {
        let page = get(format!("{}{path}", c.api.base)).await;
        assert_eq!(page.status(), 200, "{path}");
        assert_security_headers(&page, path, false);
        let csp = page.headers()["content-security-policy"].to_str().unwrap().to_owned();
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob: https:",
            "connect-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.split(';').any(|d| d.trim() == directive), "{path}: {directive} missing from {csp}");
        }
        assert_eq!(page.text().await.unwrap(), common::CONSOLE_INDEX, "{path}");
    }
}

scenario!(
    behind_tls_answers_carry_hsts,
    Options {
        console: true,
        extra_env: vec![("LUMISCAPE_HTTP__BEHIND_TLS".into(), "true".into())],
        ..Options::default()
    },
    replicated
);
async fn behind_tls_answers_carry_hsts(c: &Cluster) {
    for url in [c.api.url("/captchaImage"), c.api.url("/no/such/route"), format!("{}/", c.api.base)] {
        let response = c.api.client.get(&url).send().await.unwrap();
        assert_security_headers(&response, &url, true);
    }
}

/// A whole request is bounded too: with lighting frozen (SIGSTOP), its gRPC call would wait
/// for the client's 30 s deadline; after `http.request_timeout_seconds` the caller gets a 504
/// in the envelope, in its language, and the edge goes on serving.
#[tokio::test]
async fn a_request_that_takes_too_long_gets_a_504_in_the_envelope() {
    let options = Options {
        extra_env: vec![("LUMISCAPE_HTTP__REQUEST_TIMEOUT_SECONDS".into(), "1".into())],
        ..Options::default()
    };
    let c = Cluster::start_with(Deployment::Split, options).await;
    let token = c.api.login("admin", "admin123").await;
    let lighting = c.pid("lighting").to_string();
    let signal = |sig: &str| std::process::Command::new("kill").args([sig, &lighting]).status().unwrap();
    assert!(signal("-STOP").success());
    let started = std::time::Instant::now();
    let list = |lang: &'static str| {
        Call::get("/lighting/gateway/list").token(&token).header("ProjectId", "1").header("Content-Language", lang)
    };
    let (status, body) = c.api.send(list("en_US")).await;
    let waited = started.elapsed();
    let (_, zh) = c.api.send(list("zh_CN")).await;
    let (profile_status, _) = c.api.send(Call::get("/getInfo").token(&token)).await;
    assert!(signal("-CONT").success());
    assert_eq!((status, body["code"].as_i64()), (504, Some(504)), "{body}");
    assert_eq!(
        body["msg"],
        "The request took more than 1 s and was stopped; it may still have taken effect, refresh to check before trying again"
    );
    assert_eq!(zh["msg"], "请求处理超过 1 秒已中止，操作可能已生效，请刷新后确认再重试");
    assert!(waited < std::time::Duration::from_secs(5), "answered after {waited:?}");
    assert_eq!(profile_status, 200, "the edge goes on serving what does not need lighting");
}

scenario!(
    a_slow_request_head_is_cut_off,
    Options {
        extra_env: vec![("LUMISCAPE_HTTP__HEADER_READ_TIMEOUT_SECONDS".into(), "1".into())],
        ..Options::default()
    },
    replicated
);
/// Slowloris: a client that trickles its request head, a byte at a time and never ending
/// it, loses its connection after `http.header_read_timeout_seconds`; others are served.
async fn a_slow_request_head_is_cut_off(c: &Cluster) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = c.api.base.trim_start_matches("http://").to_owned();
    let slow = tokio::net::TcpStream::connect(&address).await.unwrap();
    let (mut reader, mut writer) = slow.into_split();
    let started = std::time::Instant::now();
    let trickle = tokio::spawn(async move {
        for byte in b"GET /prod-api/captchaImage HTTP/1.1\r\nHost: edge\r\nX-Slow: ".iter().cycle() {
            if writer.write_all(&[*byte]).await.is_err() {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    });
    let mut answer = Vec::new();
    let closed = tokio::time::timeout(std::time::Duration::from_secs(15), reader.read_to_end(&mut answer)).await;
    trickle.abort();
    assert!(closed.is_ok(), "the trickling connection is closed, not held open");
    let held = started.elapsed();
    assert!(held >= std::time::Duration::from_millis(900), "held {held:?}, less than the timeout");
    assert!(held < std::time::Duration::from_secs(5), "held {held:?}, far past the timeout");
    assert!(!String::from_utf8_lossy(&answer).contains("200 OK"), "no answer to a head that never ended");
    // Another client, on a connection of its own: the cluster's client may hold an idle
    // pooled connection that the same head timeout has closed meanwhile (a reuse then fails
    // with IncompleteMessage, as a CI run saw).
    let other = common::Api { base: c.api.base.clone(), client: common::http_client(false) };
    let (status, _) = other.send(Call::get("/captchaImage")).await;
    assert_eq!(status, 200, "other clients are still served");
}

// --- events and the login log -----------------------------------------------------------

scenario!(sign_in_events_reach_the_login_log, replicated);
async fn sign_in_events_reach_the_login_log(c: &Cluster) {
    let token = c.api.login("admin", "admin123").await;
    c.api.login_attempt("admin", "wrong").await;
    c.api.login_attempt("ghost", "wrong").await;
    c.api.send(Call::post("/logout").token(&token)).await;
    let pool = c.pool.clone();
    let arrived = eventually(10, || {
        let pool = pool.clone();
        async move {
            let n: i64 = sqlx::query_scalar("SELECT count(*) FROM identity.login_log").fetch_one(&pool).await.unwrap();
            n == 4
        }
    })
    .await;
    assert!(arrived, "four login log rows");
    let rows: Vec<(String, String, String)> =
        sqlx::query_as("SELECT user_name, status, msg FROM identity.login_log ORDER BY login_time, info_id")
            .fetch_all(&c.pool)
            .await
            .unwrap();
    assert_eq!(rows[0], ("admin".into(), "0".into(), "user.login.success".into()));
    assert!(rows.contains(&("ghost".into(), "1".into(), "user.password.not.match".into())));
    assert!(rows.contains(&("admin".into(), "0".into(), "user.logout.success".into())));
    let outbox: i64 = sqlx::query_scalar("SELECT count(*) FROM identity.outbox").fetch_one(&c.pool).await.unwrap();
    assert_eq!(outbox, 0, "every event was relayed");
}

// --- personal center ---------------------------------------------------------------------

fn tiny_png() -> Vec<u8> {
    // A 1x1 PNG, as any browser would upload after cropping.
    base64::engine::general_purpose::STANDARD
        .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
        .unwrap()
}

async fn upload_avatar(c: &Cluster, token: &str, field: &str, bytes: Vec<u8>) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name("avatar.png").mime_str("image/png").unwrap();
    let form = reqwest::multipart::Form::new().part(field.to_owned(), part);
    let response = c
        .api
        .client
        .post(c.api.url("/system/user/profile/avatar"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

scenario!(the_personal_center, replicated);
async fn the_personal_center(c: &Cluster) {
    let token = c.api.login("operator", "operator123").await;
    let (status, profile) = c.api.send(Call::get("/system/user/profile").token(&token)).await;
    assert_eq!(status, 200);
    assert_eq!(profile["data"]["userName"], "operator");
    assert_eq!(profile["roleGroup"], "运维人员");
    assert!(profile["data"]["createTime"].as_str().unwrap().ends_with('Z'));

    // Edits: bad phone, bad email, empty nickname refused and nothing changed.
    let bad = [
        (
            json!({ "nickName": "值班长", "phonenumber": "12345678901", "email": "", "sex": "0" }),
            "请输入正确的手机号码",
        ),
        (
            json!({ "nickName": "值班长", "phonenumber": "", "email": "not-an-email", "sex": "0" }),
            "请输入正确的邮箱地址",
        ),
        (json!({ "nickName": " ", "phonenumber": "", "email": "", "sex": "0" }), "用户昵称不能为空，且不超过30个字符"),
        (json!({ "nickName": "值班长", "phonenumber": "", "email": "", "sex": "7" }), "性别取值不正确"),
    ];
    for (body, msg) in bad {
        let (status, answer) = c.api.send(Call::put("/system/user/profile").token(&token).json(body)).await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some(msg)));
    }
    let (_, info) = c.api.send(Call::get("/getInfo").token(&token)).await;
    assert_eq!(info["user"]["nickName"], "运维人员");
    let edit = json!({ "nickName": "值班长", "phonenumber": "13912345678", "email": "duty@lumiscape.cn", "sex": "1" });
    let (status, _) = c.api.send(Call::put("/system/user/profile").token(&token).json(edit)).await;
    assert_eq!(status, 200);
    // Another identity replica drops its cached row when the clearing announced over NATS
    // reaches it: at once on a quiet machine, a moment later on a loaded one.
    let seen = eventually(3, || async {
        let (_, info) = c.api.send(Call::get("/getInfo").token(&token)).await;
        info["user"]["nickName"] == "值班长"
    })
    .await;
    assert!(seen, "the edit reached every replica");
    let (_, info) = c.api.send(Call::get("/getInfo").token(&token)).await;
    assert_eq!(info["user"]["nickName"], "值班长");
    assert_eq!(info["user"]["phonenumber"], "13912345678");

    // Password: wrong old one, too short, same as old, then a real change.
    let other_session = c.api.login("operator", "operator123").await;
    let change = |old: &str, new: &str| json!({ "oldPassword": old, "newPassword": new });
    let (status, answer) =
        c.api.send(Call::put("/system/user/profile/updatePwd").token(&token).json(change("nope", "newpass1"))).await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("修改密码失败，旧密码错误")));
    let (status, answer) =
        c.api.send(Call::put("/system/user/profile/updatePwd").token(&token).json(change("operator123", "abc"))).await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("用户密码长度必须在6到20个字符之间")));
    let (status, answer) = c
        .api
        .send(Call::put("/system/user/profile/updatePwd").token(&token).json(change("operator123", "operator123")))
        .await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("新密码不能与旧密码相同")));
    // The server's policy (the spec's strength rule by default) names the missing rule.
    let weak = [
        ("newpass1", "密码不符合安全策略：须包含大写字母"),
        ("Newpass1", "密码不符合安全策略：须包含特殊字符"),
        ("NEWPASS1!", "密码不符合安全策略：须包含小写字母"),
        ("Newpass!", "密码不符合安全策略：须包含数字"),
        ("Np1!x", "用户密码长度必须在6到20个字符之间"),
        ("Np1!xy", "密码不符合安全策略：长度至少8个字符"),
    ];
    for (new, msg) in weak {
        let (status, answer) = c
            .api
            .send(Call::put("/system/user/profile/updatePwd").token(&token).json(change("operator123", new)))
            .await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some(msg)), "{new}");
    }
    let (status, answer) = c
        .api
        .send(
            Call::put("/system/user/profile/updatePwd")
                .token(&token)
                .header("Content-Language", "en_US")
                .json(change("operator123", "newpass1")),
        )
        .await;
    assert_eq!(
        (status, answer["msg"].as_str()),
        (400, Some("The password does not meet the policy: it needs an upper-case letter"))
    );
    let (status, _) = c
        .api
        .send(Call::put("/system/user/profile/updatePwd").token(&token).json(change("operator123", "NewPass1!")))
        .await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get("/getInfo").token(&token)).await;
    assert_eq!(status, 200, "the session that changed the password goes on");
    let (status, _) = c.api.send(Call::get("/getInfo").token(&other_session)).await;
    assert_eq!(status, 401, "other sessions end with the old password");
    let (status, _) = c.api.login_attempt("operator", "operator123").await;
    assert_eq!(status, 400);
    c.api.login("operator", "NewPass1!").await;

    // Avatar: checked by content, re-encoded, served from the file server.
    let (status, answer) = upload_avatar(c, &token, "avatarfile", b"<svg onload=alert(1)></svg>".to_vec()).await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("文件格式不正确，请上传PNG或JPG格式的图片")));
    let (status, answer) = upload_avatar(c, &token, "wrongfield", tiny_png()).await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("请选择要上传的头像图片")));
    let (status, answer) = upload_avatar(c, &token, "avatarfile", tiny_png()).await;
    assert_eq!(status, 200, "{answer}");
    let path = answer["imgUrl"].as_str().unwrap().to_owned();
    assert!(path.starts_with("/avatar/") && path.ends_with(".png"));
    let served = c.api.client.get(c.api.url(&format!("/files{path}"))).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    let (_, info) = c.api.send(Call::get("/getInfo").token(&token)).await;
    assert_eq!(info["user"]["avatar"], path);
    // A new avatar replaces the old one, whose file is deleted.
    let (status, answer) = upload_avatar(c, &token, "avatarfile", tiny_png()).await;
    assert_eq!(status, 200, "{answer}");
    let replacement = answer["imgUrl"].as_str().unwrap().to_owned();
    assert_ne!(replacement, path);
    let old = c.api.client.get(c.api.url(&format!("/files{path}"))).send().await.unwrap();
    assert_eq!(old.status(), 404, "the replaced avatar's file is gone");
    let new = c.api.client.get(c.api.url(&format!("/files{replacement}"))).send().await.unwrap();
    assert_eq!(new.status(), 200);
    let (status, _) = c.api.send(Call::get("/system/user/profile")).await;
    assert_eq!(status, 401);
}

scenario!(a_wrong_old_password_counts_toward_the_lock, replicated);
async fn a_wrong_old_password_counts_toward_the_lock(c: &Cluster) {
    let token = c.api.login("operator", "operator123").await;
    let change = |old: &str| json!({ "oldPassword": old, "newPassword": "NewPass1!" });
    for _ in 0..4 {
        let (status, answer) =
            c.api.send(Call::put("/system/user/profile/updatePwd").token(&token).json(change("wrong"))).await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some("修改密码失败，旧密码错误")));
    }
    let failed: i32 = sqlx::query_scalar("SELECT failed_attempts FROM identity.users WHERE user_name = 'operator'")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(failed, 4, "each wrong old password is a failed attempt");
    // The fifth locks the account, with sign-in's lock message.
    let (status, answer) =
        c.api.send(Call::put("/system/user/profile/updatePwd").token(&token).json(change("wrong"))).await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("密码输入错误5次，帐户锁定10分钟")));
    // Locked: the right old password changes nothing, and sign-in is refused too.
    let (status, answer) =
        c.api.send(Call::put("/system/user/profile/updatePwd").token(&token).json(change("operator123"))).await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("密码输入错误5次，帐户锁定10分钟")));
    let (status, _) = c.api.login_attempt("operator", "operator123").await;
    assert_eq!(status, 400);
    let (status, _) = c.api.login_attempt("operator", "NewPass1!").await;
    assert_eq!(status, 400, "the password was not changed");
    // The login log shows the failures as it shows sign-in failures.
    let pool = c.pool.clone();
    let arrived = eventually(10, || {
        let pool = pool.clone();
        async move {
            let n: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM identity.login_log WHERE user_name = 'operator' AND status = '1'",
            )
            .fetch_one(&pool)
            .await
            .unwrap();
            n == 8
        }
    })
    .await;
    // Four wrong old passwords, then four refusals with the lock's message: the locking
    // attempt, the locked change and the two sign-ins.
    assert!(arrived, "eight failures in the login log");
    let keys: Vec<String> = sqlx::query_scalar(
        "SELECT msg FROM identity.login_log WHERE user_name = 'operator' AND status = '1' ORDER BY login_time, info_id",
    )
    .fetch_all(&c.pool)
    .await
    .unwrap();
    assert_eq!(keys.iter().filter(|k| *k == "user.password.old.wrong").count(), 4, "{keys:?}");
    assert_eq!(keys.iter().filter(|k| *k == "user.password.retry.limit.exceed").count(), 4, "{keys:?}");
    // When the lock has run out, the right old password works and clears the count.
    sqlx::query("UPDATE identity.users SET locked_until = now() - interval '1 second' WHERE user_name = 'operator'")
        .execute(&c.pool)
        .await
        .unwrap();
    let (status, answer) =
        c.api.send(Call::put("/system/user/profile/updatePwd").token(&token).json(change("operator123"))).await;
    assert_eq!(status, 200, "{answer}");
    let failed: i32 = sqlx::query_scalar("SELECT failed_attempts FROM identity.users WHERE user_name = 'operator'")
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(failed, 0);
    c.api.login("operator", "NewPass1!").await;
}

scenario!(
    the_password_policy_is_configurable,
    Options {
        extra_env: vec![
            ("LUMISCAPE_AUTH__PASSWORD_POLICY__MIN_LENGTH".into(), "10".into()),
            ("LUMISCAPE_AUTH__PASSWORD_POLICY__REQUIRE_SPECIAL".into(), "false".into()),
        ],
        ..Options::default()
    },
    replicated
);
async fn the_password_policy_is_configurable(c: &Cluster) {
    // The policy applies to setting a password, never to signing in: admin123 still works.
    let token = c.api.login("admin", "admin123").await;
    let change = |new: &str| json!({ "oldPassword": "admin123", "newPassword": new });
    let put = |new: &'static str| {
        c.api.send(
            Call::put("/system/user/profile/updatePwd")
                .token(&token)
                .header("Content-Language", "en_US")
                .json(change(new)),
        )
    };
    let (status, answer) = put("Abcdefgh1").await;
    assert_eq!(
        (status, answer["msg"].as_str()),
        (400, Some("The password does not meet the policy: at least 10 characters"))
    );
    let (status, answer) = put("abcdefghi1").await;
    assert_eq!(
        (status, answer["msg"].as_str()),
        (400, Some("The password does not meet the policy: it needs an upper-case letter"))
    );
    let (status, answer) = put("Abcdefghi1").await;
    assert_eq!(status, 200, "no special character needed here: {answer}");
    c.api.login("admin", "Abcdefghi1").await;
}

// --- sessions: refresh against logout --------------------------------------------------

scenario!(a_refresh_racing_a_logout_never_brings_the_session_back, replicated);
async fn a_refresh_racing_a_logout_never_brings_the_session_back(c: &Cluster) {
    for round in 0..8 {
        let token = c.api.login("admin", "admin123").await;
        let refreshes = (0..3).map(|_| c.api.send(Call::post("/auth/refresh").token(&token)));
        let (logout, _) =
            tokio::join!(c.api.send(Call::post("/logout").token(&token)), futures::future::join_all(refreshes));
        assert_eq!(logout.0, 200, "round {round}");
        // Whatever the order, the session stays ended, in this process and every other.
        let ended = eventually(5, || async {
            let (info, _) = c.api.send(Call::get("/getInfo").token(&token)).await;
            let (refresh, _) = c.api.send(Call::post("/auth/refresh").token(&token)).await;
            info == 401 && refresh == 401
        })
        .await;
        assert!(ended, "round {round}: the session came back");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let (status, _) = c.api.send(Call::get("/getInfo").token(&token)).await;
        assert_eq!(status, 401, "round {round}: the session came back later");
    }
}

// --- bounds on query inputs ------------------------------------------------------------

scenario!(query_inputs_are_bounded, replicated);
async fn query_inputs_are_bounded(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    // Page numbers below 1 read the first page; page sizes are capped, never unbounded.
    let (status, page) = c.api.send(Call::get("/system/config/list?pageNum=-3&pageSize=0").token(&admin)).await;
    assert_eq!(status, 200);
    assert_eq!(page["rows"].as_array().unwrap().len(), page["total"].as_i64().unwrap() as usize);
    let (status, _) = c.api.send(Call::get("/system/config/list?pageSize=999999").token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get("/system/config/list?pageNum=abc").token(&admin)).await;
    assert_eq!(status, 400, "a page number that is not a number");
    // An over-long filter or key is refused, not searched.
    let long = "滨".repeat(101);
    let (status, body) =
        c.api.send(Call::get(&format!("/project/project/userProjectList?projectName={long}")).token(&admin)).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("请求参数错误")));
    let key = "k".repeat(101);
    let (status, _) = c.api.send(Call::get(&format!("/system/config/configKey/{key}")).token(&admin)).await;
    assert_eq!(status, 400);
}
