//! System administration over HTTP: the organization tree and user administration (RuoYi's
//! `/system/dept` and `/system/user`), their refusals in both languages, the data scope,
//! sessions that follow an administrator's change, and the workbook import and export.
//! Every scenario runs monolithic and split (edge, identity and project apart).

#[macro_use]
mod common;

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use common::{Call, Cluster};
use lumiscape_identity::user::workbook::{IMPORT_COLUMNS, write_sheet};
use serde_json::{Value, json};

const ROOT: i64 = 100;
const STRONG: &str = "Str0ng!pass";

/// Sends a call in a language; the status and the body.
async fn send(c: &Cluster, call: Call<'_>, lang: &str) -> (u16, Value) {
    c.api.send(call.header("Content-Language", lang)).await
}

/// Adds a node under `parent`; its id, read back from the list.
async fn add_dept(c: &Cluster, token: &str, parent: i64, name: &str, code: &str) -> i64 {
    let body = json!({ "parentId": parent, "deptName": name, "deptCode": code, "orderNum": 1, "status": "0" });
    let (status, answer) = c.api.send(Call::post("/system/dept").token(token).json(body)).await;
    assert_eq!((status, &answer["code"]), (200, &json!(200)), "{answer}");
    let (_, list) = c.api.send(Call::get("/system/dept/list").token(token)).await;
    list["data"].as_array().unwrap().iter().find(|d| d["deptName"] == name).expect("added")["deptId"].as_i64().unwrap()
}

/// A user body for POST /system/user.
fn user_body(user_name: &str, dept_id: i64, role_ids: &[i64]) -> Value {
    json!({
        "userName": user_name,
        "nickName": format!("{user_name} 工"),
        "password": STRONG,
        "deptId": dept_id,
        "phonenumber": "",
        "email": format!("{user_name}@example.com"),
        "sex": "1",
        "status": "0",
        "roleIds": role_ids,
        "allProjects": "0",
        "projectIds": [1],
        "qualifications": [{ "code": "E-01", "name": "电工证" }],
        "remark": "",
    })
}

async fn user_id(c: &Cluster, token: &str, user_name: &str) -> i64 {
    let (_, list) = c.api.send(Call::get(&format!("/system/user/list?userName={user_name}")).token(token)).await;
    list["rows"].as_array().unwrap().iter().find(|u| u["userName"] == user_name).expect("listed")["userId"]
        .as_i64()
        .unwrap()
}

async fn role_id(c: &Cluster, key: &str) -> i64 {
    sqlx::query_scalar("SELECT role_id FROM identity.roles WHERE role_key = $1")
        .bind(key)
        .fetch_one(&c.pool)
        .await
        .unwrap()
}

scenario!(the_organization_tree);
async fn the_organization_tree(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let north = add_dept(c, &admin, ROOT, "北区", "NORTH").await;
    let team = add_dept(c, &admin, north, "北区一班", "NORTH-1").await;

    let (_, list) = c.api.send(Call::get("/system/dept/list").token(&admin)).await;
    let node = list["data"].as_array().unwrap().iter().find(|d| d["deptId"] == team).unwrap().clone();
    assert_eq!(node["ancestors"], format!("0,{ROOT},{north}"), "RuoYi's ancestors");
    assert_eq!((node["parentId"].as_i64(), node["deptType"].as_str()), (Some(north), Some("2")));
    assert!(node["createTime"].as_str().unwrap().len() == 19);

    // The parents a node may move under leave out itself and its descendants.
    let (_, exclude) = c.api.send(Call::get(&format!("/system/dept/list/exclude/{north}")).token(&admin)).await;
    let ids: Vec<i64> = exclude["data"].as_array().unwrap().iter().map(|d| d["deptId"].as_i64().unwrap()).collect();
    assert!(ids.contains(&ROOT) && !ids.contains(&north) && !ids.contains(&team), "{ids:?}");

    // The tree of enabled nodes, at both paths.
    for path in ["/system/user/deptTree", "/system/dept/treeselect"] {
        let (status, tree) = c.api.send(Call::get(path).token(&admin)).await;
        assert_eq!(status, 200, "{tree}");
        let root = &tree["data"][0];
        assert_eq!((root["id"].as_i64(), root["label"].as_str()), (Some(ROOT), Some("总部")));
        let north_node = root["children"].as_array().unwrap().iter().find(|n| n["id"] == north).unwrap();
        assert_eq!(north_node["children"][0]["id"], team);
    }

    // Moving a node under itself or its descendant is refused, and nothing changes.
    let edit = |parent: i64| json!({ "deptId": north, "parentId": parent, "deptName": "北区", "deptCode": "NORTH" });
    let (status, answer) = send(c, Call::put("/system/dept").token(&admin).json(edit(team)), "en_US").await;
    assert_eq!(
        (status, answer["msg"].as_str()),
        (400, Some("An organization cannot move under one of its own descendants"))
    );
    let (_, answer) = send(c, Call::put("/system/dept").token(&admin).json(edit(north)), "zh_CN").await;
    assert_eq!(answer["msg"], "上级组织不能是自己");
    let (_, same) = c.api.send(Call::get(&format!("/system/dept/{north}")).token(&admin)).await;
    assert_eq!(same["data"]["parentId"], ROOT);

    // A move rewrites the ancestors below the node.
    let south = add_dept(c, &admin, ROOT, "南区", "SOUTH").await;
    let (status, answer) = c.api.send(Call::put("/system/dept").token(&admin).json(edit(south))).await;
    assert_eq!(status, 200, "{answer}");
    let (_, moved) = c.api.send(Call::get(&format!("/system/dept/{team}")).token(&admin)).await;
    assert_eq!(moved["data"]["ancestors"], format!("0,{ROOT},{south},{north}"));

    // Refusals, each with its message.
    let bad = [
        (json!({ "parentId": ROOT, "deptName": " " }), "The organization name is required and at most 50 characters"),
        (
            json!({ "parentId": ROOT, "deptName": "x", "deptCode": "a b" }),
            "The organization code may hold only letters, digits, underscores and hyphens, at most 50 characters",
        ),
        (json!({ "parentId": ROOT, "deptName": "x", "deptType": "9" }), "Invalid organization type"),
        (
            json!({ "parentId": ROOT, "deptName": "x", "orderNum": "many" }),
            "The display order must be a whole number from 0 to 9999",
        ),
        (
            json!({ "parentId": ROOT, "deptName": "x", "phone": "12345678901" }),
            "Please enter a valid mobile phone number",
        ),
        (json!({ "parentId": ROOT, "deptName": "x", "email": "x@" }), "Please enter a valid email address"),
        (json!({ "parentId": 999_999, "deptName": "x" }), "The parent organization does not exist"),
        (
            json!({ "parentId": ROOT, "deptName": "南区" }),
            "Organization '南区' could not be saved: a sibling has that name",
        ),
        (
            json!({ "parentId": ROOT, "deptName": "x", "deptCode": "SOUTH" }),
            "The organization could not be saved: the code 'SOUTH' is taken",
        ),
    ];
    for (body, msg) in bad {
        let (status, answer) = send(c, Call::post("/system/dept").token(&admin).json(body.clone()), "en_US").await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some(msg)), "{body}");
    }
    let (_, answer) = send(
        c,
        Call::post("/system/dept").token(&admin).json(json!({ "parentId": ROOT, "deptName": "南区" })),
        "zh_CN",
    )
    .await;
    assert_eq!(answer["msg"], "保存组织'南区'失败，同级组织名称已存在");

    // Disabling a node with an enabled node below is refused (code 500 in a 200 answer).
    let disable = json!({ "deptId": south, "parentId": ROOT, "deptName": "南区", "deptCode": "SOUTH", "status": "1" });
    let (status, answer) = send(c, Call::put("/system/dept").token(&admin).json(disable), "zh_CN").await;
    assert_eq!(
        (status, answer["code"].as_i64(), answer["msg"].as_str()),
        (200, Some(500), Some("该组织包含未停用的下级组织！"))
    );

    // A node with children or users cannot be deleted; a leaf can.
    let (_, answer) = send(c, Call::delete(&format!("/system/dept/{south}")).token(&admin), "en_US").await;
    assert_eq!(
        (answer["code"].as_i64(), answer["msg"].as_str()),
        (Some(500), Some("It has lower organizations and cannot be deleted"))
    );
    let (status, answer) =
        c.api.send(Call::post("/system/user").token(&admin).json(user_body("tree_user", team, &[]))).await;
    assert_eq!(status, 200, "{answer}");
    let (_, answer) = send(c, Call::delete(&format!("/system/dept/{team}")).token(&admin), "en_US").await;
    assert_eq!(
        (answer["code"].as_i64(), answer["msg"].as_str()),
        (Some(500), Some("It has users and cannot be deleted"))
    );
    let leaf = add_dept(c, &admin, south, "空班", "").await;
    let (status, answer) = c.api.send(Call::delete(&format!("/system/dept/{leaf}")).token(&admin)).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(200)), "{answer}");
    let (status, answer) = send(c, Call::get(&format!("/system/dept/{leaf}")).token(&admin), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (404, Some("The organization does not exist")));
    let (status, _) = c.api.send(Call::get("/system/dept/abc").token(&admin)).await;
    assert_eq!(status, 400);

    // Without the permission, or without a token.
    let operator = c.api.login("operator", "operator123").await;
    let (status, _) = c.api.send(Call::get("/system/dept/list").token(&operator)).await;
    assert_eq!(status, 403);
    let (status, _) = c.api.send(Call::post("/system/dept").json(json!({ "deptName": "x" }))).await;
    assert_eq!(status, 401);
}

scenario!(users_are_administered_and_their_sessions_follow);
async fn users_are_administered_and_their_sessions_follow(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let team = add_dept(c, &admin, ROOT, "养护班", "CARE").await;
    let guest_role = role_id(c, "guest").await;
    let operator_role = role_id(c, "operator").await;

    // The form's roles: enabled ones, `admin` among them for a superuser.
    let (status, options) = c.api.send(Call::get("/system/user/").token(&admin)).await;
    assert_eq!(status, 200, "{options}");
    let keys: Vec<&str> = options["roles"].as_array().unwrap().iter().map(|r| r["roleKey"].as_str().unwrap()).collect();
    assert!(keys.contains(&"admin") && keys.contains(&"guest"), "{keys:?}");
    assert_eq!(options["posts"], json!([]));

    let (status, answer) =
        c.api.send(Call::post("/system/user").token(&admin).json(user_body("lin", team, &[guest_role]))).await;
    assert_eq!((status, &answer["code"]), (200, &json!(200)), "{answer}");
    let lin = user_id(c, &admin, "lin").await;

    // The list, filtered by the organization (and what is under it) and the creation day.
    let (_, list) =
        c.api.send(Call::get(&format!("/system/user/list?deptId={ROOT}&pageNum=1&pageSize=20")).token(&admin)).await;
    let row = list["rows"].as_array().unwrap().iter().find(|u| u["userId"] == lin).expect("under the root").clone();
    assert_eq!((row["dept"]["deptName"].as_str(), row["allProjects"].as_str()), (Some("养护班"), Some("0")));
    let (_, other) = c.api.send(Call::get("/system/dept/list").token(&admin)).await;
    assert!(other["data"].as_array().unwrap().len() >= 3);
    let today = chrono::Local::now().format("%Y-%m-%d").to_string();
    let (_, by_day) = c
        .api
        .send(
            Call::get(&format!("/system/user/list?userName=lin&params[beginTime]={today}&params[endTime]={today}"))
                .token(&admin),
        )
        .await;
    assert_eq!(by_day["total"], 1, "{by_day}");
    let (status, answer) =
        send(c, Call::get("/system/user/list?params[beginTime]=yesterday").token(&admin), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("Invalid date: use YYYY-MM-DD")));

    // The detail: RuoYi's fields and ours beside them.
    let (_, detail) = c.api.send(Call::get(&format!("/system/user/{lin}")).token(&admin)).await;
    assert_eq!(detail["roleIds"], json!([guest_role]));
    assert_eq!(detail["data"]["projectIds"], json!([1]));
    assert_eq!(detail["data"]["qualifications"], json!([{ "code": "E-01", "name": "电工证" }]));
    assert_eq!(detail["data"]["sex"], "1");

    // Lin signs in; an edit of their roles and projects reaches the live session at once.
    let lin_token = c.api.login("lin", STRONG).await;
    let (_, info) = c.api.send(Call::get("/getInfo").token(&lin_token)).await;
    assert!(!info["permissions"].as_array().unwrap().iter().any(|p| p == "pc:lighting:control:edit"), "{info}");
    let mut edit = user_body("lin", team, &[operator_role]);
    edit["userId"] = json!(lin);
    edit["allProjects"] = json!("1");
    let (status, answer) = c.api.send(Call::put("/system/user").token(&admin).json(edit.clone())).await;
    assert_eq!(status, 200, "{answer}");
    let (_, info) = c.api.send(Call::get("/getInfo").token(&lin_token)).await;
    assert!(info["permissions"].as_array().unwrap().iter().any(|p| p == "pc:lighting:control:edit"), "{info}");
    let (status, _) = c.api.send(Call::get("/lighting/gateway/list").token(&lin_token).header("ProjectId", "2")).await;
    assert_ne!(status, 403, "every project is now granted");

    // Disabled: the next request is refused; enabled again, a new sign-in works.
    let (status, _) = c
        .api
        .send(Call::put("/system/user/changeStatus").token(&admin).json(json!({ "userId": lin, "status": "1" })))
        .await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get("/getInfo").token(&lin_token)).await;
    assert_eq!(status, 401);
    let (status, _) = c.api.login_attempt("lin", STRONG).await;
    assert_ne!(status, 200, "a disabled user cannot sign in");
    c.api
        .send(Call::put("/system/user/changeStatus").token(&admin).json(json!({ "userId": lin, "status": "0" })))
        .await;
    let lin_token = c.api.login("lin", STRONG).await;

    // A password set by an administrator follows the policy and ends the sessions.
    let (status, answer) = send(
        c,
        Call::put("/system/user/resetPwd").token(&admin).json(json!({ "userId": lin, "password": "weak" })),
        "en_US",
    )
    .await;
    assert_eq!(
        (status, answer["msg"].as_str()),
        (400, Some("The password does not meet the policy: at least 8 characters"))
    );
    let (status, answer) = send(
        c,
        Call::put("/system/user/resetPwd").token(&admin).json(json!({ "userId": lin, "password": "Has space1!" })),
        "zh_CN",
    )
    .await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("密码不能包含空格")));
    let (_, info) = c.api.send(Call::get("/getInfo").token(&lin_token)).await;
    assert_eq!(info["code"], 200, "a refused reset changes nothing");
    let (status, _) = c
        .api
        .send(Call::put("/system/user/resetPwd").token(&admin).json(json!({ "userId": lin, "password": "New!pass99" })))
        .await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get("/getInfo").token(&lin_token)).await;
    assert_eq!(status, 401);
    let lin_token = c.api.login("lin", "New!pass99").await;

    // Refusals of the form, each naming its field, and nothing is written.
    let bad = [
        (
            json!({ "userName": "a" }),
            "The account must be 2 to 30 characters of letters, digits, underscores and hyphens",
        ),
        (
            json!({ "userName": "li n" }),
            "The account must be 2 to 30 characters of letters, digits, underscores and hyphens",
        ),
        (json!({ "nickName": "" }), "Nickname is required and at most 30 characters"),
        (json!({ "phonenumber": "12345678901" }), "Please enter a valid mobile phone number"),
        (json!({ "email": "x@y" }), "Please enter a valid email address"),
        (json!({ "password": "" }), "Password is required"),
        (json!({ "password": "alllower1!" }), "The password does not meet the policy: it needs an upper-case letter"),
        (json!({ "roleIds": [999_999] }), "The role does not exist or is disabled"),
        (json!({ "deptId": 999_999 }), "The organization does not exist"),
        (json!({ "allProjects": "maybe" }), "Invalid project permission"),
        (
            json!({ "qualifications": [{ "code": "", "name": "x" }] }),
            "A qualification needs a code (at most 50 characters) and a name (at most 100 characters)",
        ),
        (json!({ "userName": "lin" }), "User 'lin' could not be saved: the account exists"),
    ];
    for (change, msg) in bad {
        let mut body = user_body("wu", team, &[guest_role]);
        for (key, value) in change.as_object().unwrap() {
            body[key] = value.clone();
        }
        let (status, answer) = send(c, Call::post("/system/user").token(&admin).json(body), "en_US").await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some(msg)), "{change}");
    }
    let (_, none) = c.api.send(Call::get("/system/user/list?userName=wu").token(&admin)).await;
    assert_eq!(none["total"], 0);
    let (_, answer) = send(c, Call::post("/system/user").token(&admin).json(json!({ "userName": "x" })), "zh_CN").await;
    assert_eq!(answer["msg"], "用户账号长度必须在2到30个字符之间，只能包含字母、数字、下划线和连字符");

    // Only a superuser grants `admin`; nobody disables or deletes themselves.
    let admin_role = role_id(c, "admin").await;
    sqlx::query("INSERT INTO identity.role_menus (role_id, menu_id) SELECT $1, menu_id FROM identity.menus WHERE menu_id = 101 OR parent_id = 101 ON CONFLICT DO NOTHING")
        .bind(operator_role)
        .execute(&c.pool)
        .await
        .unwrap();
    // Lin's operator role now holds the user screen: the change reaches lin's session too (with
    // every service in a process of its own, once the edge holds the rewritten session: a
    // moment later, so the refusal is asked again until it is the superuser rule's, not the
    // permission's; a refused add writes nothing).
    c.api.send(Call::put("/system/user").token(&admin).json(edit)).await;
    let boss =
        || send(c, Call::post("/system/user").token(&lin_token).json(user_body("boss", team, &[admin_role])), "en_US");
    let (mut status, mut answer) = boss().await;
    for _ in 0..50 {
        if answer["msg"] != "No permission, please contact the administrator" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        (status, answer) = boss().await;
    }
    assert_eq!(
        (status, answer["msg"].as_str()),
        (403, Some("The super administrator cannot be changed this way")),
        "{answer}"
    );
    let admin_id = user_id(c, &admin, "admin").await;
    let (status, answer) = send(
        c,
        Call::put("/system/user/resetPwd").token(&lin_token).json(json!({ "userId": admin_id, "password": STRONG })),
        "en_US",
    )
    .await;
    assert_eq!((status, answer["msg"].as_str()), (403, Some("The super administrator cannot be changed this way")));
    let (_, answer) = send(
        c,
        Call::put("/system/user/changeStatus").token(&admin).json(json!({ "userId": admin_id, "status": "1" })),
        "en_US",
    )
    .await;
    assert_eq!(
        (answer["code"].as_i64(), answer["msg"].as_str()),
        (Some(500), Some("This cannot be done to the signed-in user"))
    );
    let (_, answer) = c.api.send(Call::delete(&format!("/system/user/{admin_id}")).token(&admin)).await;
    assert_eq!(answer["code"], 500);

    // Deleted: sessions end, the account name is free again.
    let (status, _) = c.api.send(Call::delete(&format!("/system/user/{lin},{}", lin)).token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get("/getInfo").token(&lin_token)).await;
    assert_eq!(status, 401);
    let (status, answer) = send(c, Call::get(&format!("/system/user/{lin}")).token(&admin), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (404, Some("The user does not exist")));
    let (status, answer) = c.api.send(Call::post("/system/user").token(&admin).json(user_body("lin", team, &[]))).await;
    assert_eq!(status, 200, "{answer}");

    // Without the permission.
    let operator = c.api.login("operator", "operator123").await;
    let (status, _) = c.api.send(Call::get("/system/user/list").token(&operator)).await;
    assert_eq!(status, 200, "the operator role was given the user screen above");
    let guest = c.api.login("guest", "guest123").await;
    for call in [Call::get("/system/user/list"), Call::post("/system/user"), Call::put("/system/user/resetPwd")] {
        let (status, _) = c.api.send(call.token(&guest).json(json!({}))).await;
        assert_eq!(status, 403);
    }
}

scenario!(the_data_scope_limits_the_users_a_role_sees);
async fn the_data_scope_limits_the_users_a_role_sees(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let east = add_dept(c, &admin, ROOT, "东区", "EAST").await;
    let east_team = add_dept(c, &admin, east, "东区一班", "EAST-1").await;
    let west = add_dept(c, &admin, ROOT, "西区", "WEST").await;
    for (name, dept) in [("east_lead", east), ("east_worker", east_team), ("west_worker", west)] {
        let (status, answer) =
            c.api.send(Call::post("/system/user").token(&admin).json(user_body(name, dept, &[]))).await;
        assert_eq!(status, 200, "{answer}");
    }
    // A role of custom scope over the east: it holds the user screen.
    let role: i64 = sqlx::query_scalar(
        "INSERT INTO identity.roles (role_name, role_key, role_sort, data_scope) VALUES ('东区管理员', 'east_admin', 5, '2') RETURNING role_id",
    )
    .fetch_one(&c.pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO identity.role_depts (role_id, dept_id) VALUES ($1, $2)")
        .bind(role)
        .bind(east)
        .execute(&c.pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO identity.role_menus (role_id, menu_id) SELECT $1, menu_id FROM identity.menus WHERE menu_id = 101 OR parent_id = 101")
        .bind(role)
        .execute(&c.pool)
        .await
        .unwrap();
    let lead = user_id(c, &admin, "east_lead").await;
    let mut edit = user_body("east_lead", east, &[role]);
    edit["userId"] = json!(lead);
    let (status, answer) = c.api.send(Call::put("/system/user").token(&admin).json(edit)).await;
    assert_eq!(status, 200, "{answer}");

    let token = c.api.login("east_lead", STRONG).await;
    let (_, list) = c.api.send(Call::get("/system/user/list?pageSize=100").token(&token)).await;
    let mut names: Vec<&str> =
        list["rows"].as_array().unwrap().iter().map(|u| u["userName"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["east_lead", "east_worker"], "the east and below, and no one else");
    assert_eq!(list["total"], 2);

    // Outside the scope a user is as absent as one that never existed.
    let west_id = user_id(c, &admin, "west_worker").await;
    let (status, _) = c.api.send(Call::get(&format!("/system/user/{west_id}")).token(&token)).await;
    assert_eq!(status, 404);
    let (status, _) = c
        .api
        .send(Call::put("/system/user/resetPwd").token(&token).json(json!({ "userId": west_id, "password": STRONG })))
        .await;
    assert_eq!(status, 404);
    let (status, _) = c.api.send(Call::delete(&format!("/system/user/{west_id}")).token(&token)).await;
    assert_eq!(status, 404);
    let east_worker = user_id(c, &token, "east_worker").await;
    let (status, _) = c
        .api
        .send(
            Call::put("/system/user/changeStatus").token(&token).json(json!({ "userId": east_worker, "status": "1" })),
        )
        .await;
    assert_eq!(status, 200, "inside the scope");
    let (_, exported) = export(c, &token, "").await;
    let accounts: Vec<String> = exported.iter().skip(1).map(|row| row[1].clone()).collect();
    assert_eq!(accounts, ["east_lead", "east_worker"], "the export keeps to the scope");

    // The organization too: the east and below, nothing else, for reading and writing.
    sqlx::query("INSERT INTO identity.role_menus (role_id, menu_id) SELECT $1, menu_id FROM identity.menus WHERE menu_id = 100 OR parent_id = 100")
        .bind(role)
        .execute(&c.pool)
        .await
        .unwrap();
    let (_, mine) = c.api.send(Call::get("/system/user/list").token(&admin)).await;
    assert!(mine["total"].as_i64().unwrap() > 2);
    let mut edit = user_body("east_lead", east, &[role]);
    edit["userId"] = json!(lead);
    let (status, answer) = c.api.send(Call::put("/system/user").token(&admin).json(edit)).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(200)), "{answer}");
    // The user's live session takes the new permissions through the session bucket, which
    // the edge mirrors by a watch: a moment later on a loaded machine.
    let granted = common::eventually(10, || async {
        let (_, depts) = c.api.send(Call::get("/system/dept/list").token(&token)).await;
        depts["code"] == 200
    })
    .await;
    assert!(granted, "the session never took the organization permissions");
    let (_, depts) = c.api.send(Call::get("/system/dept/list").token(&token)).await;
    let ids: Vec<i64> = depts["data"].as_array().unwrap().iter().map(|d| d["deptId"].as_i64().unwrap()).collect();
    assert_eq!(ids, [east, east_team], "{depts}");
    let (_, tree) = c.api.send(Call::get("/system/user/deptTree").token(&token)).await;
    assert_eq!((tree["data"][0]["id"].as_i64(), tree["data"].as_array().unwrap().len()), (Some(east), 1));
    let (status, _) = c.api.send(Call::get(&format!("/system/dept/{west}")).token(&token)).await;
    assert_eq!(status, 404);
    let (status, _) = c.api.send(Call::delete(&format!("/system/dept/{west}")).token(&token)).await;
    assert_eq!(status, 404);
    let outside = json!({ "parentId": ROOT, "deptName": "越权", "deptCode": "" });
    let (status, answer) = send(c, Call::post("/system/dept").token(&token).json(outside), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("The parent organization does not exist")));
    let inside = json!({ "parentId": east, "deptName": "东区二班", "deptCode": "" });
    let (status, answer) = c.api.send(Call::post("/system/dept").token(&token).json(inside)).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(200)), "{answer}");

    // The tree's changes reach the scope and the names at once (the organization index is
    // cleared by every change): a user of the new node is seen, then not once the node
    // moves out of the east; a renamed node shows its new name.
    let (_, depts) = c.api.send(Call::get("/system/dept/list").token(&admin)).await;
    let second = depts["data"].as_array().unwrap().iter().find(|d| d["deptName"] == "东区二班").unwrap()["deptId"]
        .as_i64()
        .unwrap();
    let (status, answer) =
        c.api.send(Call::post("/system/user").token(&admin).json(user_body("east_second", second, &[]))).await;
    assert_eq!(status, 200, "{answer}");
    let names = |list: &Value| -> Vec<String> {
        let mut names: Vec<String> =
            list["rows"].as_array().unwrap().iter().map(|u| u["userName"].as_str().unwrap().to_owned()).collect();
        names.sort_unstable();
        names
    };
    let (_, list) = c.api.send(Call::get("/system/user/list?pageSize=100").token(&token)).await;
    assert_eq!(names(&list), ["east_lead", "east_second", "east_worker"]);
    let (_, list) = c.api.send(Call::get(&format!("/system/user/list?deptId={east}")).token(&admin)).await;
    assert_eq!(names(&list), ["east_lead", "east_second", "east_worker"], "the filter holds the nodes under it");
    let moved = json!({ "deptId": second, "parentId": west, "deptName": "西区二班", "deptCode": "" });
    let (status, answer) = c.api.send(Call::put("/system/dept").token(&admin).json(moved)).await;
    assert_eq!(status, 200, "{answer}");
    let (_, list) = c.api.send(Call::get("/system/user/list?pageSize=100").token(&token)).await;
    assert_eq!((names(&list), &list["total"]), (vec!["east_lead".to_owned(), "east_worker".to_owned()], &json!(2)));
    let (_, list) = c.api.send(Call::get(&format!("/system/user/list?deptId={west}")).token(&admin)).await;
    assert_eq!(names(&list), ["east_second", "west_worker"]);
    let row = list["rows"].as_array().unwrap().iter().find(|u| u["userName"] == "east_second").unwrap();
    assert_eq!((row["dept"]["deptId"].as_i64(), row["dept"]["deptName"].as_str()), (Some(second), Some("西区二班")));
}

/// POSTs the export with a form body; the status and the sheet's cells as text.
async fn export(c: &Cluster, token: &str, form: &str) -> (u16, Vec<Vec<String>>) {
    let response = c
        .api
        .client
        .post(c.api.url("/system/user/export"))
        .bearer_auth(token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form.to_owned())
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    assert!(response.headers()["content-disposition"].to_str().unwrap().starts_with("attachment; filename=\"user_"));
    let bytes = response.bytes().await.unwrap();
    (status, cells(&bytes))
}

fn cells(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).expect("an xlsx");
    let range = workbook.worksheet_range_at(0).unwrap().unwrap();
    range
        .rows()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Data::String(s) => s.clone(),
                    Data::Empty => String::new(),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

/// Uploads a workbook to the import; the status and the body.
async fn import(c: &Cluster, token: &str, file_name: &str, bytes: Vec<u8>, update: bool, lang: &str) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned());
    let form = reqwest::multipart::Form::new().part("file", part);
    let response = c
        .api
        .client
        .post(c.api.url(&format!("/system/user/importData?updateSupport={update}")))
        .bearer_auth(token)
        .header("Content-Language", lang)
        .multipart(form)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

fn sheet(rows: &[[&str; 9]]) -> Vec<u8> {
    let headers: Vec<&str> = IMPORT_COLUMNS.iter().map(|c| c.0).collect();
    let rows: Vec<Vec<String>> = rows.iter().map(|r| r.iter().map(|c| (*c).to_owned()).collect()).collect();
    write_sheet("用户数据", &headers, &rows).unwrap()
}

scenario!(users_are_imported_and_exported_as_workbooks);
async fn users_are_imported_and_exported_as_workbooks(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let root = ROOT.to_string();

    // The template, in the caller's language.
    let response = c
        .api
        .client
        .post(c.api.url("/system/user/importTemplate"))
        .bearer_auth(&admin)
        .header("Content-Language", "en_US")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let template = cells(&response.bytes().await.unwrap());
    assert_eq!(template[0][1], "Account");

    // Bad rows are all reported with their row numbers, and nothing is imported.
    let bad = sheet(&[
        [&root, "imp_a", "甲", "13800000001", "", "女", "正常", STRONG, ""],
        [&root, "imp_b", "乙", "12345", "", "男", "正常", STRONG, ""],
        [&root, "imp_a", "甲二", "", "", "", "", STRONG, ""],
        ["999999", "imp_c", "丙", "", "", "", "", STRONG, ""],
        [&root, "imp_d", "丁", "", "", "", "", "weak", ""],
        [&root, "admin", "管理员", "", "", "", "", STRONG, ""],
    ]);
    let (status, answer) = import(c, &admin, "users.xlsx", bad, false, "en_US").await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(500)), "{answer}");
    assert_eq!(answer["msg"], "Import failed: 5 rows are not valid and nothing was imported; see the table of errors");
    let failures: Vec<(i64, String)> = answer["data"]["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["row"].as_i64().unwrap(), f["msg"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        failures,
        [
            (3, "Please enter a valid mobile phone number".to_owned()),
            (4, "The account appears more than once in the file".to_owned()),
            (5, "The organization does not exist".to_owned()),
            (6, "The password does not meet the policy: at least 8 characters".to_owned()),
            (7, "The account admin exists".to_owned()),
        ]
    );
    let (_, none) = c.api.send(Call::get("/system/user/list?userName=imp_").token(&admin)).await;
    assert_eq!(none["total"], 0, "all or nothing");

    // A good file is imported; a formula in a cell comes back neutralized in the export.
    let good = sheet(&[
        [&root, "imp_a", "甲", "13800000001", "a@example.com", "女", "正常", STRONG, "=HYPERLINK(\"http://x\")"],
        [&root, "imp_b", "乙", "", "", "Male", "Disabled", STRONG, "+1"],
    ]);
    let (_, answer) = import(c, &admin, "users.xlsx", good.clone(), false, "zh_CN").await;
    assert_eq!(
        (answer["code"].as_i64(), answer["msg"].as_str()),
        (Some(200), Some("恭喜您，数据已全部导入成功！新增 2 条，更新 0 条")),
        "{answer}"
    );
    let token = c.api.login("imp_a", STRONG).await;
    assert!(!token.is_empty());
    let (status, rows) = export(c, &admin, "userName=imp_").await;
    assert_eq!(status, 200);
    assert_eq!(rows.len(), 3, "a header and two users: {rows:?}");
    assert_eq!(rows[1][11], "'=HYPERLINK(\"http://x\")");
    assert_eq!(rows[2][11], "'+1");
    assert_eq!((rows[2][6].as_str(), rows[2][7].as_str()), ("男", "停用"));

    // Again: existing accounts are refused unless updates are asked for.
    let (_, answer) = import(c, &admin, "users.xlsx", good.clone(), false, "en_US").await;
    assert_eq!(answer["data"]["failures"][0]["msg"], "The account imp_a exists");
    let (_, answer) = import(c, &admin, "users.xlsx", good, true, "en_US").await;
    assert_eq!(answer["data"], json!({ "created": 0, "updated": 2 }), "{answer}");

    // Files that are not workbooks of the template.
    let cases: [(&str, Vec<u8>, u16, &str); 4] = [
        ("users.csv", b"a,b".to_vec(), 400, "Only xls or xlsx files can be imported"),
        ("users.xlsx", b"PK\x03\x04 not a zip".to_vec(), 400, "The file is not a valid Excel workbook"),
        (
            "users.xlsx",
            write_sheet("x", &["a"], &[vec!["1".into()]]).unwrap(),
            400,
            "The header row differs from the template: please download the template and fill it in",
        ),
        ("users.xlsx", sheet(&[]), 400, "The file holds no users to import!"),
    ];
    for (name, bytes, status, msg) in cases {
        let (got, answer) = import(c, &admin, name, bytes, false, "en_US").await;
        assert_eq!((got, answer["msg"].as_str()), (status, Some(msg)), "{name}");
    }
    let response = c
        .api
        .client
        .post(c.api.url("/system/user/importData"))
        .bearer_auth(&admin)
        .header("Content-Language", "en_US")
        .send()
        .await
        .unwrap();
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["msg"], "Please choose a file to import");

    // Without the permission.
    let guest = c.api.login("guest", "guest123").await;
    let (status, _) = import(c, &guest, "users.xlsx", sheet(&[]), false, "en_US").await;
    assert_eq!(status, 403);
}

scenario!(roles_grant_menus_and_data_scope);
async fn roles_grant_menus_and_data_scope(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let (status, list) = c.api.send(Call::get("/system/role/list?pageNum=1&pageSize=10").token(&admin)).await;
    assert_eq!(status, 200, "{list}");
    let admin_row = list["rows"].as_array().unwrap().iter().find(|r| r["roleKey"] == "admin").unwrap().clone();
    assert_eq!((admin_row["admin"].as_bool(), admin_row["dataScope"].as_str()), (Some(true), Some("1")));

    // The menu tree, in the caller's language.
    let (_, tree) = send(c, Call::get("/system/menu/treeselect").token(&admin), "en_US").await;
    let system = tree["data"].as_array().unwrap().iter().find(|n| n["id"] == 1).expect("the system directory").clone();
    assert_eq!(system["label"], "System Management");
    let users = system["children"].as_array().unwrap().iter().find(|n| n["id"] == 101).unwrap().clone();
    assert!(users["children"].as_array().unwrap().iter().any(|b| b["id"] == 1016 && b["label"] == "Import"));

    // A role with the user screen's list and query: linked, only the buttons show checked.
    let body = json!({ "roleName": "巡检员", "roleKey": "inspector", "roleSort": 4, "status": "0", "menuIds": [1, 101, 1011], "menuCheckStrictly": true, "remark": "" });
    let (status, answer) = c.api.send(Call::post("/system/role").token(&admin).json(body.clone())).await;
    assert_eq!(status, 200, "{answer}");
    let role = role_id(c, "inspector").await;
    let (_, checked) = c.api.send(Call::get(&format!("/system/menu/roleMenuTreeselect/{role}")).token(&admin)).await;
    assert_eq!(checked["checkedKeys"], json!([1011]), "{checked}");
    assert!(checked["menus"].as_array().unwrap().len() > 5);
    let (_, got) = c.api.send(Call::get(&format!("/system/role/{role}")).token(&admin)).await;
    assert_eq!(
        (got["data"]["roleName"].as_str(), got["data"]["menuCheckStrictly"].as_bool()),
        (Some("巡检员"), Some(true))
    );

    // Refusals.
    let bad = [
        (
            json!({ "roleName": "巡检员", "roleKey": "other" }),
            400,
            "Role '巡检员' could not be saved: the name is taken",
        ),
        (
            json!({ "roleName": "其他", "roleKey": "inspector" }),
            400,
            "The role could not be saved: the key 'inspector' is taken",
        ),
        (
            json!({ "roleName": "其他", "roleKey": "admin" }),
            400,
            "The role could not be saved: the key 'admin' is taken",
        ),
        (
            json!({ "roleName": "其他", "roleKey": "a b" }),
            400,
            "The role key is required, at most 100 letters, digits, underscores, hyphens and colons",
        ),
        (json!({ "roleName": "", "roleKey": "x" }), 400, "The role name is required and at most 30 characters"),
        (json!({ "roleName": "其他", "roleKey": "x", "menuIds": [999_999] }), 400, "The menu does not exist"),
    ];
    for (body, status, msg) in bad {
        let (got, answer) = send(c, Call::post("/system/role").token(&admin).json(body.clone()), "en_US").await;
        assert_eq!((got, answer["msg"].as_str()), (status, Some(msg)), "{body}");
    }
    let admin_role = role_id(c, "admin").await;
    let edit_admin = json!({ "roleId": admin_role, "roleName": "超级管理员", "roleKey": "admin", "status": "1" });
    let (_, answer) = send(c, Call::put("/system/role").token(&admin).json(edit_admin), "zh_CN").await;
    assert_eq!((answer["code"].as_i64(), answer["msg"].as_str()), (Some(500), Some("不允许操作超级管理员角色")));
    let (_, answer) = c
        .api
        .send(Call::put("/system/role/changeStatus").token(&admin).json(json!({ "roleId": admin_role, "status": "1" })))
        .await;
    assert_eq!(answer["code"], 500);

    // A user of the role; edits of the role reach their session at once.
    let (status, answer) =
        c.api.send(Call::post("/system/user").token(&admin).json(user_body("insp", ROOT, &[role]))).await;
    assert_eq!(status, 200, "{answer}");
    let token = c.api.login("insp", STRONG).await;
    let (status, _) = c.api.send(Call::get("/system/user/list").token(&token)).await;
    assert_eq!(status, 200);
    let (status, _) = c
        .api
        .send(Call::put("/system/role/changeStatus").token(&admin).json(json!({ "roleId": role, "status": "1" })))
        .await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get("/system/user/list").token(&token)).await;
    assert_eq!(status, 403, "a disabled role grants nothing, at once");
    c.api
        .send(Call::put("/system/role/changeStatus").token(&admin).json(json!({ "roleId": role, "status": "0" })))
        .await;
    let mut more = body.clone();
    more["roleId"] = json!(role);
    more["menuIds"] = json!([1, 101, 1011, 1012]);
    let (status, answer) = c.api.send(Call::put("/system/role").token(&admin).json(more)).await;
    assert_eq!(status, 200, "{answer}");
    let (_, info) = c.api.send(Call::get("/getInfo").token(&token)).await;
    let perms = info["permissions"].as_array().unwrap();
    assert!(
        perms.iter().any(|p| p == "pc:system:user:add") && perms.iter().any(|p| p == "pc:system:user:list"),
        "{info}"
    );

    // Custom data scope: the nodes are kept and shown checked.
    let area = add_dept(c, &admin, ROOT, "景区", "AREA").await;
    let scope = json!({ "roleId": role, "dataScope": "2", "deptIds": [area], "deptCheckStrictly": true });
    let (status, answer) = c.api.send(Call::put("/system/role/dataScope").token(&admin).json(scope)).await;
    assert_eq!(status, 200, "{answer}");
    let (_, tree) = c.api.send(Call::get(&format!("/system/role/deptTree/{role}")).token(&admin)).await;
    assert_eq!(tree["checkedKeys"], json!([area]));
    assert_eq!(tree["depts"][0]["id"], ROOT);
    let (_, list) = c.api.send(Call::get("/system/user/list").token(&token)).await;
    let names: Vec<&str> = list["rows"].as_array().unwrap().iter().map(|u| u["userName"].as_str().unwrap()).collect();
    assert_eq!(names, ["insp"], "insp works at the root, outside the area: only themselves");
    for (body, msg) in [
        (json!({ "roleId": role, "dataScope": "5" }), "Invalid data scope"),
        (json!({ "roleId": role, "dataScope": "2", "deptIds": [999_999] }), "The organization does not exist"),
    ] {
        let (status, answer) = send(c, Call::put("/system/role/dataScope").token(&admin).json(body), "en_US").await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some(msg)));
    }

    // A role still held cannot be deleted; one nobody holds can.
    let (_, answer) = send(c, Call::delete(&format!("/system/role/{role}")).token(&admin), "zh_CN").await;
    assert_eq!((answer["code"].as_i64(), answer["msg"].as_str()), (Some(500), Some("巡检员已分配，不能删除")));
    let (status, _) = c
        .api
        .send(Call::post("/system/role").token(&admin).json(json!({ "roleName": "临时", "roleKey": "temp" })))
        .await;
    assert_eq!(status, 200);
    let temp = role_id(c, "temp").await;
    let (status, answer) = c.api.send(Call::delete(&format!("/system/role/{temp}")).token(&admin)).await;
    assert_eq!((status, answer["code"].as_i64()), (200, Some(200)));
    let (status, _) = c.api.send(Call::get(&format!("/system/role/{temp}")).token(&admin)).await;
    assert_eq!(status, 404);

    // The export, and the screen without its permission.
    let response = c.api.client.post(c.api.url("/system/role/export")).bearer_auth(&admin).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let rows = cells(&response.bytes().await.unwrap());
    assert!(rows.iter().any(|r| r[2] == "inspector"));
    let (status, _) = c.api.send(Call::get("/system/role/list").token(&token)).await;
    assert_eq!(status, 403);
}

scenario!(parameters_and_dictionaries_are_administered);
async fn parameters_and_dictionaries_are_administered(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;

    // Parameters: add, read, edit, the built-in ones kept, and every refusal.
    let body = json!({ "configName": "地图级别", "configKey": "map.level", "configValue": "12", "configType": "N", "isPublic": "1", "remark": "" });
    let (status, answer) = c.api.send(Call::post("/system/config").token(&admin).json(body.clone())).await;
    assert_eq!(status, 200, "{answer}");
    let (_, list) = c.api.send(Call::get("/system/config/list?configKey=map.level").token(&admin)).await;
    let row = list["rows"][0].clone();
    assert_eq!(
        (row["configValue"].as_str(), row["isPublic"].as_str(), row["configType"].as_str()),
        (Some("12"), Some("1"), Some("N"))
    );
    let id = row["configId"].as_i64().unwrap();
    let (_, value) = c.api.send(Call::get("/system/config/configKey/map.level")).await;
    assert_eq!(value["msg"], "12", "a public key is read without signing in");
    let mut edit = body.clone();
    edit["configId"] = json!(id);
    edit["configValue"] = json!("14");
    c.api.send(Call::put("/system/config").token(&admin).json(edit)).await;
    let (_, value) = c.api.send(Call::get("/system/config/configKey/map.level")).await;
    assert_eq!(value["msg"], "14", "the edit shows at once through the cache");
    let (_, got) = c.api.send(Call::get(&format!("/system/config/{id}")).token(&admin)).await;
    assert_eq!(got["data"]["configKey"], "map.level");
    let bad = [
        (json!({ "configName": "", "configKey": "k" }), "The parameter name is required and at most 100 characters"),
        (
            json!({ "configName": "n", "configKey": "a key" }),
            "The parameter key is required, at most 100 letters, digits, dots, underscores and hyphens",
        ),
        (json!({ "configName": "n", "configKey": "k", "configType": "X" }), "Invalid built-in value"),
        (
            json!({ "configName": "n", "configKey": "map.level" }),
            "Parameter 'map.level' could not be saved: the key exists",
        ),
    ];
    for (body, msg) in bad {
        let (status, answer) = send(c, Call::post("/system/config").token(&admin).json(body.clone()), "en_US").await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some(msg)), "{body}");
    }
    let captcha: i64 =
        sqlx::query_scalar("SELECT config_id FROM identity.configs WHERE config_key = 'sys.account.captchaEnabled'")
            .fetch_one(&c.pool)
            .await
            .unwrap();
    let (_, answer) = send(c, Call::delete(&format!("/system/config/{captcha},{id}")).token(&admin), "zh_CN").await;
    assert_eq!(
        (answer["code"].as_i64(), answer["msg"].as_str()),
        (Some(500), Some("内置数据【登录验证码开关】不能删除"))
    );
    let rename =
        json!({ "configId": captcha, "configName": "登录验证码开关", "configKey": "other.key", "configType": "Y" });
    let (_, answer) = send(c, Call::put("/system/config").token(&admin).json(rename), "en_US").await;
    assert_eq!(answer["msg"], "A built-in entry's key or value cannot change");
    let (status, _) = c.api.send(Call::delete(&format!("/system/config/{id}")).token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get(&format!("/system/config/{id}")).token(&admin)).await;
    assert_eq!(status, 404);
    for path in ["/system/config/refreshCache", "/system/config/clearCache", "/system/dict/type/refreshCache"] {
        let (status, answer) = c.api.send(Call::delete(path).token(&admin)).await;
        assert_eq!(status, 200, "{path}: {answer}");
    }

    // Dictionaries: a type and its items, looked up by type in both languages.
    let t = json!({ "dictName": "灯具类型", "dictNameEn": "Lamp type", "dictType": "lamp_type", "status": "0" });
    let (status, answer) = c.api.send(Call::post("/system/dict/type").token(&admin).json(t)).await;
    assert_eq!(status, 200, "{answer}");
    for (value, zh, en) in [("flood", "投光灯", "Flood light"), ("strip", "洗墙灯", "Wall washer")] {
        let item = json!({ "dictType": "lamp_type", "dictLabel": zh, "dictLabelEn": en, "dictValue": value, "listClass": "primary", "isDefault": "N" });
        let (status, answer) = c.api.send(Call::post("/system/dict/data").token(&admin).json(item)).await;
        assert_eq!(status, 200, "{answer}");
    }
    let (_, en) = send(c, Call::get("/system/dict/data/type/lamp_type").token(&admin), "en_US").await;
    assert_eq!(en["data"][0]["dictLabel"], "Flood light");
    let (_, items) = c.api.send(Call::get("/system/dict/data/list?dictType=lamp_type").token(&admin)).await;
    assert_eq!(items["total"], 2);
    let flood = items["rows"][0].clone();
    assert_eq!(
        (flood["dictLabel"].as_str(), flood["builtin"].as_str(), flood["isDefault"].as_str()),
        (Some("投光灯"), Some("0"), Some("N"))
    );
    let mut renamed = flood.clone();
    renamed["dictLabel"] = json!("泛光灯");
    let (status, answer) = c.api.send(Call::put("/system/dict/data").token(&admin).json(renamed)).await;
    assert_eq!(status, 200, "{answer}");
    let (_, zh) = c.api.send(Call::get("/system/dict/data/type/lamp_type").token(&admin)).await;
    assert_eq!(zh["data"][0]["dictLabel"], "泛光灯", "the edit shows at once through the cache");
    let bad = [
        (
            json!({ "dictType": "lamp_type", "dictLabel": "x", "dictValue": "flood" }),
            "The item could not be saved: the value 'flood' exists",
        ),
        (json!({ "dictType": "no_such", "dictLabel": "x", "dictValue": "x" }), "The dictionary type does not exist"),
        (
            json!({ "dictType": "lamp_type", "dictLabel": "", "dictValue": "x" }),
            "The dictionary label is required and at most 100 characters",
        ),
        (
            json!({ "dictType": "lamp_type", "dictLabel": "x", "dictValue": "x", "listClass": "pink" }),
            "Invalid display style",
        ),
    ];
    for (body, msg) in bad {
        let (status, answer) = send(c, Call::post("/system/dict/data").token(&admin).json(body.clone()), "en_US").await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some(msg)), "{body}");
    }
    // Built in: the gender dictionary keeps its values and items; a type with items stays.
    let (_, sex) = c.api.send(Call::get("/system/dict/data/list?dictType=sys_user_sex").token(&admin)).await;
    let male = sex["rows"][0].clone();
    assert_eq!(male["builtin"], "1");
    let (_, answer) =
        send(c, Call::delete(&format!("/system/dict/data/{}", male["dictCode"])).token(&admin), "en_US").await;
    assert_eq!(
        (answer["code"].as_i64(), answer["msg"].as_str()),
        (Some(500), Some("'男' is built in and cannot be deleted"))
    );
    let mut changed = male.clone();
    changed["dictValue"] = json!("M");
    let (_, answer) = send(c, Call::put("/system/dict/data").token(&admin).json(changed), "en_US").await;
    assert_eq!(answer["msg"], "A built-in entry's key or value cannot change");
    let (_, types) = c.api.send(Call::get("/system/dict/type/list?dictType=lamp_type").token(&admin)).await;
    let lamp = types["rows"][0]["dictId"].as_i64().unwrap();
    let (_, answer) = send(c, Call::delete(&format!("/system/dict/type/{lamp}")).token(&admin), "en_US").await;
    assert_eq!(answer["msg"], "Dictionary '灯具类型' has items and cannot be deleted");
    let codes: Vec<String> = items["rows"].as_array().unwrap().iter().map(|r| r["dictCode"].to_string()).collect();
    let (status, _) = c.api.send(Call::delete(&format!("/system/dict/data/{}", codes.join(","))).token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::delete(&format!("/system/dict/type/{lamp}")).token(&admin)).await;
    assert_eq!(status, 200);

    // Exports, and the screens without their permissions.
    for path in ["/system/config/export", "/system/dict/type/export", "/system/dict/data/export"] {
        let response = c.api.client.post(c.api.url(path)).bearer_auth(&admin).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert!(cells(&response.bytes().await.unwrap()).len() > 1, "{path}");
    }
    let guest = c.api.login("guest", "guest123").await;
    for call in [Call::get("/system/config/list"), Call::get("/system/dict/type/list"), Call::post("/system/dict/data")]
    {
        let (status, _) = c.api.send(call.token(&guest).json(json!({}))).await;
        assert_eq!(status, 403);
    }
}

/// A gRPC request carrying the caller's token, as the edge forwards it.
fn authorized<T>(message: T, token: &str) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

/// A read through the second replica, until it shows `expected` or a second passes.
async fn within_a_second<F, Fut>(mut read: F, expected: &str) -> Option<std::time::Duration>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = String>,
{
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(1) {
        if read().await == expected {
            return Some(start.elapsed());
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    None
}

#[tokio::test]
async fn an_edit_through_one_identity_replica_shows_on_the_other_within_a_second() {
    use lumiscape_proto::identity::v1 as pb;
    let mut c = crate::common::Cluster::start(crate::common::Deployment::Split).await;
    let second = c.add_replica("identity").await;
    let admin = c.api.login("admin", "admin123").await;
    let mut configs = pb::config_service_client::ConfigServiceClient::connect(second.clone()).await.unwrap();
    let mut dicts = pb::dict_service_client::DictServiceClient::connect(second).await.unwrap();

    // The second replica caches what it reads.
    let key = || pb::GetConfigByKeyRequest { key: "sys.browser.nameEn".into() };
    let before = configs.get_config_by_key(authorized(key(), &admin)).await.unwrap().into_inner().value;
    assert_eq!(before, "Smart Landscape Lighting Cloud Platform");
    let sex = || pb::GetDictDataByTypeRequest { dict_type: "sys_user_sex".into() };
    let label =
        dicts.get_dict_data_by_type(authorized(sex(), &admin)).await.unwrap().into_inner().data[0].dict_label.clone();
    assert_eq!(label, "男");

    // Edits through the edge, which calls the first replica.
    let (_, list) = c.api.send(Call::get("/system/config/list?configKey=sys.browser.nameEn").token(&admin)).await;
    let mut entry = list["rows"][0].clone();
    entry["configValue"] = json!("Riverside Lights");
    let (status, answer) = c.api.send(Call::put("/system/config").token(&admin).json(entry)).await;
    assert_eq!(status, 200, "{answer}");
    let (_, items) = c.api.send(Call::get("/system/dict/data/list?dictType=sys_user_sex").token(&admin)).await;
    let mut male = items["rows"][0].clone();
    male["dictLabel"] = json!("男性");
    let (status, answer) = c.api.send(Call::put("/system/dict/data").token(&admin).json(male)).await;
    assert_eq!(status, 200, "{answer}");

    let config_after = within_a_second(
        || {
            let mut configs = configs.clone();
            let request = authorized(key(), &admin);
            async move { configs.get_config_by_key(request).await.unwrap().into_inner().value }
        },
        "Riverside Lights",
    )
    .await;
    let dict_after = within_a_second(
        || {
            let mut dicts = dicts.clone();
            let request = authorized(sex(), &admin);
            async move { dicts.get_dict_data_by_type(request).await.unwrap().into_inner().data[0].dict_label.clone() }
        },
        "男性",
    )
    .await;
    assert!(config_after.is_some(), "the parameter did not reach the second replica within a second");
    assert!(dict_after.is_some(), "the dictionary did not reach the second replica within a second");
    println!("second replica: parameter after {config_after:?}, dictionary after {dict_after:?}");
}

scenario!(the_login_log_is_read_cleaned_and_unlocks_accounts);
async fn the_login_log_is_read_cleaned_and_unlocks_accounts(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    // Five wrong passwords lock the operator (the cluster's limit), from a known browser.
    let chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    for _ in 0..5 {
        c.api
            .send(
                Call::post("/login")
                    .header("User-Agent", chrome)
                    .json(json!({ "username": "operator", "password": "wrong" })),
            )
            .await;
    }
    let (status, _) = c.api.login_attempt("operator", "operator123").await;
    assert_ne!(status, 200, "locked");

    let listed = common::eventually(10, || async {
        let (_, list) =
            c.api.send(Call::get("/monitor/logininfor/list?userName=operator&status=1").token(&admin)).await;
        list["total"].as_i64().unwrap_or(0) >= 6
    })
    .await;
    assert!(listed, "the failures reach the log");
    let (_, list) =
        send(c, Call::get("/monitor/logininfor/list?userName=operator&status=1&pageSize=50").token(&admin), "en_US")
            .await;
    let rows = list["rows"].as_array().unwrap();
    let wrong =
        rows.iter().find(|r| r["msg"] == "User does not exist or password is incorrect").expect("translated").clone();
    assert_eq!((wrong["browser"].as_str(), wrong["os"].as_str()), (Some("Chrome 120.0.0.0"), Some("Windows 10")));
    assert!(rows.iter().any(|r| r["msg"] == "Too many wrong passwords: the account is locked"), "{list}");
    assert_eq!(wrong["loginTime"].as_str().unwrap().len(), 19);

    // Unlocked by an administrator, the operator signs in again.
    let (status, answer) = c.api.send(Call::get("/monitor/logininfor/unlock/operator").token(&admin)).await;
    assert_eq!(status, 200, "{answer}");
    c.api.login("operator", "operator123").await;
    let (status, answer) = send(c, Call::get("/monitor/logininfor/unlock/nobody").token(&admin), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (404, Some("The user does not exist")));
    let (status, _) = c.api.send(Call::get("/monitor/logininfor/unlock/a%20b").token(&admin)).await;
    assert_eq!(status, 400);

    // Export, delete, clean.
    let response = c.api.client.post(c.api.url("/monitor/logininfor/export")).bearer_auth(&admin).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(cells(&response.bytes().await.unwrap()).len() > 6);
    let first = rows[0]["infoId"].as_i64().unwrap();
    let (status, _) = c.api.send(Call::delete(&format!("/monitor/logininfor/{first}")).token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::delete("/monitor/logininfor/x").token(&admin)).await;
    assert_eq!(status, 400);
    let (status, _) = c.api.send(Call::delete("/monitor/logininfor/clean").token(&admin)).await;
    assert_eq!(status, 200);
    let (_, empty) = c.api.send(Call::get("/monitor/logininfor/list?userName=operator").token(&admin)).await;
    assert!(empty["rows"].as_array().unwrap().iter().all(|r| r["infoId"].as_i64() != Some(first)));

    let guest = c.api.login("guest", "guest123").await;
    let (status, _) = c.api.send(Call::get("/monitor/logininfor/list").token(&guest)).await;
    assert_eq!(status, 403);
}

scenario!(the_operation_log_records_every_write_with_secrets_redacted);
async fn the_operation_log_records_every_write_with_secrets_redacted(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let (status, answer) =
        c.api.send(Call::post("/system/user").token(&admin).json(user_body("audit", ROOT, &[]))).await;
    assert_eq!(status, 200, "{answer}");
    let audit = user_id(c, &admin, "audit").await;
    c.api
        .send(
            Call::put("/system/user/resetPwd")
                .token(&admin)
                .json(json!({ "userId": audit, "password": "Other!pass1" })),
        )
        .await;
    // A refused write is recorded as failed, with its message.
    send(c, Call::post("/system/dept").token(&admin).json(json!({ "parentId": ROOT, "deptName": "" })), "en_US").await;

    let recorded = common::eventually(10, || async {
        let (_, list) = c.api.send(Call::get("/monitor/operlog/list?operName=admin&pageSize=50").token(&admin)).await;
        list["total"].as_i64().unwrap_or(0) >= 3
    })
    .await;
    assert!(recorded, "the writes reach the log");
    let (_, list) = c.api.send(Call::get("/monitor/operlog/list?operName=admin&pageSize=50").token(&admin)).await;
    let rows = list["rows"].as_array().unwrap();
    let add = rows.iter().find(|r| r["operUrl"] == "/system/user" && r["requestMethod"] == "POST").unwrap().clone();
    assert_eq!(
        (add["title"].as_str(), add["businessType"].as_i64(), add["status"].as_i64()),
        (Some("system"), Some(1), Some(0))
    );
    let param = add["operParam"].as_str().unwrap();
    assert!(param.contains("\"userName\":\"audit\"") && param.contains("******") && !param.contains(STRONG), "{param}");
    assert!(add["costTime"].as_i64().is_some() && add["operTime"].as_str().unwrap().len() == 19);
    let reset = rows.iter().find(|r| r["operUrl"] == "/system/user/resetPwd").unwrap().clone();
    assert!(!reset["operParam"].as_str().unwrap().contains("Other!pass1"), "{reset}");
    let failed = rows.iter().find(|r| r["operUrl"] == "/system/dept").unwrap().clone();
    assert_eq!(
        (failed["status"].as_i64(), failed["errorMsg"].as_str()),
        (Some(1), Some("The organization name is required and at most 50 characters"))
    );
    // Reads are not recorded.
    assert!(rows.iter().all(|r| r["requestMethod"] != "GET"));

    // Detail, filters, export, delete, clean.
    let id = add["operId"].as_i64().unwrap();
    let (_, detail) = c.api.send(Call::get(&format!("/monitor/operlog/{id}")).token(&admin)).await;
    assert_eq!(detail["data"]["operId"], id);
    let (_, deletes) = c.api.send(Call::get("/monitor/operlog/list?businessType=1&status=1").token(&admin)).await;
    assert!(deletes["rows"].as_array().unwrap().iter().all(|r| r["businessType"] == 1 && r["status"] == 1));
    let response = c.api.client.post(c.api.url("/monitor/operlog/export")).bearer_auth(&admin).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let (status, _) = c.api.send(Call::delete(&format!("/monitor/operlog/{id}")).token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get(&format!("/monitor/operlog/{id}")).token(&admin)).await;
    assert_eq!(status, 404);
    let (status, _) = c.api.send(Call::delete("/monitor/operlog/clean").token(&admin)).await;
    assert_eq!(status, 200);
    let guest = c.api.login("guest", "guest123").await;
    let (status, _) = c.api.send(Call::get("/monitor/operlog/list").token(&guest)).await;
    assert_eq!(status, 403);
}

scenario!(menus_are_edited_and_the_sidebar_follows);
async fn menus_are_edited_and_the_sidebar_follows(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let (_, list) = c.api.send(Call::get("/system/menu/list").token(&admin)).await;
    let users = list["data"].as_array().unwrap().iter().find(|m| m["menuId"] == 101).unwrap().clone();
    assert_eq!(
        (users["menuType"].as_str(), users["perms"].as_str(), users["visible"].as_str()),
        (Some("C"), Some("system:user:list"), Some("0"))
    );

    // A new menu under the system directory shows in the admin's routes at once.
    let body = json!({ "parentId": 1, "menuName": "巡检报表", "menuNameEn": "Inspection report", "menuType": "C", "orderNum": 20, "path": "inspectionReport", "component": "system/report/index", "perms": "system:report:list", "icon": "chart", "isFrame": "1", "isCache": "0", "visible": "0", "status": "0", "menuModule": "4", "client": "1", "affix": "0" });
    let (status, answer) = c.api.send(Call::post("/system/menu").token(&admin).json(body.clone())).await;
    assert_eq!(status, 200, "{answer}");
    let (_, routes) = send(c, Call::get("/getRouters").token(&admin), "en_US").await;
    let system = routes["data"].as_array().unwrap().iter().find(|r| r["path"] == "/system").unwrap().clone();
    let report = system["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"] == "inspectionReport")
        .expect("served")
        .clone();
    assert_eq!(
        (report["component"].as_str(), report["meta"]["titleEn"].as_str()),
        (Some("system/report/index"), Some("Inspection report"))
    );
    let (_, list) = c.api.send(Call::get("/system/menu/list?menuName=巡检报表").token(&admin)).await;
    let id = list["data"][0]["menuId"].as_i64().unwrap();
    assert!(id >= 100_000, "new menus take ids after the seeded ones");
    assert_eq!(list["data"][0]["perms"], "system:report:list");

    // Hidden: still a route, hidden in the sidebar.
    let mut hidden = body.clone();
    hidden["menuId"] = json!(id);
    hidden["visible"] = json!("1");
    let (status, _) = c.api.send(Call::put("/system/menu").token(&admin).json(hidden)).await;
    assert_eq!(status, 200);
    let (_, routes) = c.api.send(Call::get("/getRouters").token(&admin)).await;
    let system = routes["data"].as_array().unwrap().iter().find(|r| r["path"] == "/system").unwrap().clone();
    let report =
        system["children"].as_array().unwrap().iter().find(|r| r["path"] == "inspectionReport").unwrap().clone();
    assert_eq!(report["hidden"], true);

    // Refusals.
    let bad = [
        (
            json!({ "parentId": 1, "menuName": "x", "menuType": "C" }),
            "Invalid route path: directories and menus need one, an external link starts with http(s)://, no spaces",
        ),
        (
            json!({ "parentId": 1, "menuName": "x", "menuType": "C", "path": "x", "isFrame": "0" }),
            "Invalid route path: directories and menus need one, an external link starts with http(s)://, no spaces",
        ),
        (
            json!({ "parentId": 1011, "menuName": "x", "menuType": "F" }),
            "The parent menu does not exist, or is the menu itself, one of its descendants or a button",
        ),
        (
            json!({ "parentId": 1, "menuName": "巡检报表", "menuType": "C", "path": "y" }),
            "Menu '巡检报表' could not be saved: a sibling has that name",
        ),
        (json!({ "parentId": 1, "menuName": "x", "menuType": "Z" }), "Invalid menu type"),
    ];
    for (body, msg) in bad {
        let (status, answer) = send(c, Call::post("/system/menu").token(&admin).json(body.clone()), "en_US").await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some(msg)), "{body}");
    }
    let mut cycle = body.clone();
    cycle["menuId"] = json!(1);
    cycle["parentId"] = json!(101);
    cycle["menuType"] = json!("M");
    let (status, _) = c.api.send(Call::put("/system/menu").token(&admin).json(cycle)).await;
    assert_eq!(status, 400, "a directory never moves under its own menu");
    let (_, answer) = send(c, Call::delete("/system/menu/1").token(&admin), "zh_CN").await;
    assert_eq!((answer["code"].as_i64(), answer["msg"].as_str()), (Some(500), Some("存在子菜单，不允许删除")));
    let (_, answer) = send(c, Call::delete("/system/menu/4011").token(&admin), "zh_CN").await;
    assert_eq!(answer["msg"], "菜单已分配，不允许删除", "the guest role holds the gateway screen's query button");
    let (status, _) = c.api.send(Call::delete(&format!("/system/menu/{id}")).token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get(&format!("/system/menu/{id}")).token(&admin)).await;
    assert_eq!(status, 404);
    let guest = c.api.login("guest", "guest123").await;
    let (status, _) = c.api.send(Call::get("/system/menu/list").token(&guest)).await;
    assert_eq!(status, 403);
}

scenario!(feedback_is_sent_replied_and_closed);
async fn feedback_is_sent_replied_and_closed(c: &Cluster) {
    let guest = c.api.login("guest", "guest123").await;
    let admin = c.api.login("admin", "admin123").await;
    let (status, answer) = c
        .api
        .send(
            Call::post("/system/advice")
                .token(&guest)
                .json(json!({ "title": "三号桥灯带不亮", "content": "昨晚起东侧灯带全灭" })),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) =
        send(c, Call::post("/system/advice").token(&guest).json(json!({ "title": "", "content": "x" })), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("The title is required and at most 100 characters")));
    let (status, _) = c.api.send(Call::get("/system/advice/list").token(&guest)).await;
    assert_eq!(status, 403, "only administrators see everyone's");

    let (_, list) = c.api.send(Call::get("/system/advice/list?status=0").token(&admin)).await;
    let row = list["rows"][0].clone();
    assert_eq!(
        (row["userName"].as_str(), row["title"].as_str(), row["status"].as_str()),
        (Some("guest"), Some("三号桥灯带不亮"), Some("0"))
    );
    let id = row["adviceId"].as_i64().unwrap();
    let (status, answer) = c
        .api
        .send(
            Call::put("/system/advice/reply")
                .token(&admin)
                .json(json!({ "adviceId": id, "reply": "已派单处理", "status": "1" })),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = send(
        c,
        Call::put("/system/advice/reply").token(&admin).json(json!({ "adviceId": id, "reply": "x", "status": "7" })),
        "en_US",
    )
    .await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("Invalid handling status")));
    let (_, mine) = c.api.send(Call::get("/system/advice/my").token(&guest)).await;
    assert_eq!(
        (mine["rows"][0]["reply"].as_str(), mine["rows"][0]["repliedBy"].as_str()),
        (Some("已派单处理"), Some("admin"))
    );
    let (_, detail) = c.api.send(Call::get(&format!("/system/advice/{id}")).token(&admin)).await;
    assert_eq!(detail["data"]["status"], "1");
    let (status, _) = c.api.send(Call::delete(&format!("/system/advice/{id}")).token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get(&format!("/system/advice/{id}")).token(&admin)).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_job_fires_exactly_once_per_firing_with_two_identity_replicas() {
    let mut c = crate::common::Cluster::start(crate::common::Deployment::Split).await;
    c.add_replica("identity").await;
    let admin = c.api.login("admin", "admin123").await;

    // The registry and the cron rule.
    let (_, handlers) = send(&c, Call::get("/monitor/job/handlers").token(&admin), "en_US").await;
    assert!(handlers["data"].as_array().unwrap().iter().any(|h| h["key"] == "heartbeat"), "{handlers}");
    let (_, times) =
        c.api.send(Call::get("/monitor/job/nextTimes?cronExpression=0/10%20*%20*%20*%20*%20%3F").token(&admin)).await;
    assert_eq!(times["data"].as_array().unwrap().len(), 5, "{times}");
    let (status, answer) =
        send(&c, Call::get("/monitor/job/nextTimes?cronExpression=every%20minute").token(&admin), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("Invalid cron expression")));
    for (body, msg) in [
        (
            json!({ "jobName": "x", "invokeTarget": "java.lang.Runtime.getRuntime().exec('id')", "cronExpression": "* * * * * ?" }),
            "The target must be one of the job handlers the system provides",
        ),
        (
            json!({ "jobName": "x", "invokeTarget": "heartbeat", "cronExpression": "0 0 99 * * ?" }),
            "Invalid cron expression",
        ),
        (
            json!({ "jobName": "", "invokeTarget": "heartbeat", "cronExpression": "* * * * * ?" }),
            "The job name is required and at most 64 characters",
        ),
    ] {
        let (status, answer) = send(&c, Call::post("/monitor/job").token(&admin).json(body.clone()), "en_US").await;
        assert_eq!((status, answer["msg"].as_str()), (400, Some(msg)), "{body}");
    }

    // A heartbeat every second, run by two replicas for a few seconds.
    let body = json!({ "jobName": "心跳", "jobGroup": "SYSTEM", "invokeTarget": "heartbeat", "cronExpression": "* * * * * ?", "concurrent": "0", "status": "0" });
    let (status, answer) = c.api.send(Call::post("/monitor/job").token(&admin).json(body)).await;
    assert_eq!(status, 200, "{answer}");
    let (_, list) = c.api.send(Call::get("/monitor/job/list?jobName=心跳").token(&admin)).await;
    let job_id = list["rows"][0]["jobId"].as_i64().unwrap();
    assert!(list["rows"][0]["nextValidTime"].as_str().is_some());
    // On its schedule: paused first, then edited or deleted (spec section 4).
    let (_, answer) = send(&c, Call::delete(&format!("/monitor/job/{job_id}")).token(&admin), "en_US").await;
    assert_eq!(
        (answer["code"].as_i64(), answer["msg"].as_str()),
        (Some(500), Some("Pause the job before editing or deleting it"))
    );
    let edit = json!({ "jobId": job_id, "jobName": "心跳", "jobGroup": "SYSTEM", "invokeTarget": "heartbeat", "cronExpression": "* * * * * ?", "status": "0" });
    let (_, answer) = send(&c, Call::put("/monitor/job").token(&admin).json(edit), "zh_CN").await;
    assert_eq!((answer["code"].as_i64(), answer["msg"].as_str()), (Some(500), Some("请先暂停任务，再修改或删除")));
    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    let (status, _) = c
        .api
        .send(Call::put("/monitor/job/changeStatus").token(&admin).json(json!({ "jobId": job_id, "status": "1" })))
        .await;
    assert_eq!(status, 200);
    tokio::time::sleep(std::time::Duration::from_millis(700)).await;

    let fires: Vec<(chrono::DateTime<chrono::Utc>, Option<String>)> =
        sqlx::query_as("SELECT fire_time, status::text FROM identity.job_logs WHERE job_id = $1 ORDER BY fire_time")
            .bind(job_id)
            .fetch_all(&c.pool)
            .await
            .unwrap();
    assert!(fires.len() >= 3, "{fires:?}");
    for pair in fires.windows(2) {
        assert_eq!((pair[1].0 - pair[0].0).num_seconds(), 1, "one run per second, none twice, none skipped: {fires:?}");
    }
    assert!(fires.iter().all(|f| f.1.as_deref() == Some("0")), "{fires:?}");

    // Paused: no more runs. Run once now: one more, logged.
    let count = fires.len();
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let (_, logs) =
        c.api.send(Call::get(&format!("/monitor/jobLog/list?jobId={job_id}&pageSize=100")).token(&admin)).await;
    assert_eq!(logs["total"].as_i64(), Some(count as i64), "paused");
    let (status, answer) = c
        .api
        .send(Call::put("/monitor/job/run").token(&admin).json(json!({ "jobId": job_id, "jobGroup": "SYSTEM" })))
        .await;
    assert_eq!(status, 200, "{answer}");
    let (_, logs) =
        c.api.send(Call::get(&format!("/monitor/jobLog/list?jobId={job_id}&pageSize=100")).token(&admin)).await;
    assert_eq!(logs["total"].as_i64(), Some(count as i64 + 1));
    assert_eq!((logs["rows"][0]["jobMessage"].as_str(), logs["rows"][0]["status"].as_str()), (Some("ok"), Some("0")));

    // A cleaning job runs its handler for real.
    let clean = json!({ "jobName": "清理登录日志", "invokeTarget": "cleanLoginLog", "cronExpression": "0 0 3 * * ?" });
    c.api.send(Call::post("/monitor/job").token(&admin).json(clean)).await;
    let (_, list) = c.api.send(Call::get("/monitor/job/list?jobName=清理登录日志").token(&admin)).await;
    assert_eq!(list["rows"][0]["status"], "1", "a new job starts paused");
    let clean_id = list["rows"][0]["jobId"].as_i64().unwrap();
    c.api.send(Call::put("/monitor/job/run").token(&admin).json(json!({ "jobId": clean_id }))).await;
    let (_, logs) = c.api.send(Call::get(&format!("/monitor/jobLog/list?jobId={clean_id}")).token(&admin)).await;
    assert!(logs["rows"][0]["jobMessage"].as_str().unwrap().starts_with("deleted "), "{logs}");

    // Export, delete, clean; refusals.
    let response = c.api.client.post(c.api.url("/monitor/job/export")).bearer_auth(&admin).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let (status, _) = c.api.send(Call::delete(&format!("/monitor/job/{clean_id}")).token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get(&format!("/monitor/job/{clean_id}")).token(&admin)).await;
    assert_eq!(status, 404);
    let (status, _) = c.api.send(Call::delete("/monitor/jobLog/clean").token(&admin)).await;
    assert_eq!(status, 200);
    let guest = c.api.login("guest", "guest123").await;
    let (status, _) = c.api.send(Call::get("/monitor/job/list").token(&guest)).await;
    assert_eq!(status, 403);
}

/// A digest of each table a backup holds: equal digests, equal rows.
async fn backed_up_rows(c: &Cluster) -> Vec<(String, i64, String)> {
    let mut digests = Vec::new();
    for table in lumiscape_identity::backup::model::TABLES {
        // Test code: the table names are the product's constants, not input.
        let sql = format!(
            "SELECT count(*), coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM {} t",
            table.name
        );
        let (count, digest): (i64, String) = sqlx::query_as(&sql).fetch_one(&c.pool).await.unwrap();
        digests.push((table.name.to_owned(), count, digest));
    }
    digests
}

/// Uploads a file to the backup import; the status and the body.
async fn restore_upload(c: &Cluster, token: &str, bytes: Vec<u8>, lang: &str) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name("backup.sql");
    let form = reqwest::multipart::Form::new().part("file", part);
    let response = c
        .api
        .client
        .post(c.api.url("/system/backup/import"))
        .bearer_auth(token)
        .header("Content-Language", lang)
        .multipart(form)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

scenario!(a_backup_restores_the_same_rows_and_a_changed_one_is_refused);
async fn a_backup_restores_the_same_rows_and_a_changed_one_is_refused(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let guest = c.api.login("guest", "guest123").await;
    let (status, made) = c.api.send(Call::post("/system/backup").token(&admin)).await;
    assert_eq!(status, 200, "{made}");
    let backup_id = made["data"]["backupId"].as_i64().unwrap();
    assert!(made["data"]["totalRows"].as_i64().unwrap() > 100, "{made}");
    let (_, list) = c.api.send(Call::get("/system/backup/list?kind=0").token(&admin)).await;
    assert_eq!(
        (list["rows"][0]["backupId"].as_i64(), list["rows"][0]["createBy"].as_str()),
        (Some(backup_id), Some("admin"))
    );
    let before = backed_up_rows(c).await;

    let response = c
        .api
        .client
        .get(c.api.url(&format!("/system/backup/download/{backup_id}")))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/sql"));
    let file = response.bytes().await.unwrap().to_vec();
    let text = String::from_utf8(file.clone()).unwrap();
    assert!(
        text.starts_with("-- Lumiscape backup") && text.contains("COPY identity.users (user_id,"),
        "{}",
        &text[..200]
    );
    assert!(text.trim_end().lines().last().unwrap().starts_with("-- signature: hmac-sha256:"));

    // Changes after the backup: an organization, a parameter, a user who signs in, a user deleted.
    let dept = add_dept(c, &admin, ROOT, "备份后新增", "AFTER-BACKUP").await;
    let (status, answer) =
        c.api.send(Call::post("/system/user").token(&admin).json(user_body("after_backup", dept, &[]))).await;
    assert_eq!(status, 200, "{answer}");
    let newcomer = c.api.login("after_backup", STRONG).await;
    let guest_id = user_id(c, &admin, "guest").await;
    let (status, _) = c.api.send(Call::delete(&format!("/system/user/{guest_id}")).token(&admin)).await;
    assert_eq!(status, 200);
    assert_ne!(backed_up_rows(c).await, before);

    // Refused, nothing changed: a changed byte, another deployment's file, a script, no file,
    // no permission.
    let viewer = c.api.login("after_backup", STRONG).await;
    let changed_rows = backed_up_rows(c).await;
    let mut tampered = file.clone();
    let at = text.find("\tadmin\t").expect("the admin row") + 1;
    tampered[at] = b'A';
    let not_signed =
        "This file is not a backup this system exported, or it was changed after export; nothing was changed";
    let (status, answer) = restore_upload(c, &admin, tampered, "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some(not_signed)));
    let (status, answer) = restore_upload(c, &admin, file[..file.len() - 3].to_vec(), "zh_CN").await;
    assert_eq!(
        (status, answer["msg"].as_str()),
        (400, Some("该文件不是本系统导出的备份，或导出后已被修改，未作任何更改"))
    );
    let foreign = lumiscape_identity::backup::model::encode(
        &lumiscape_identity::backup::model::backup_key("another deployment's signing key, 32 bytes or more"),
        lumiscape_identity::backup::store::data_version(),
        "2026-01-01 00:00:00",
        "admin",
        &[],
    );
    let (status, answer) = restore_upload(c, &admin, foreign, "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some(not_signed)));
    let part = reqwest::multipart::Part::bytes(file.clone()).file_name("backup.xlsx");
    let response = c
        .api
        .client
        .post(c.api.url("/system/backup/import"))
        .bearer_auth(&admin)
        .header("Content-Language", "en_US")
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["msg"], "Only .sql backup files can be imported", "spec section 5: backup import sql only");
    let script = b"TRUNCATE identity.users CASCADE;\n-- signature: hmac-sha256:00\n".to_vec();
    let (status, answer) = restore_upload(c, &admin, script, "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some(not_signed)));
    let form = reqwest::multipart::Form::new().text("other", "x");
    let response = c
        .api
        .client
        .post(c.api.url("/system/backup/import"))
        .bearer_auth(&admin)
        .header("Content-Language", "en_US")
        .multipart(form)
        .send()
        .await
        .unwrap();
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["msg"], "Choose a backup file (.sql) to import");
    let (status, _) = restore_upload(c, &guest, file.clone(), "en_US").await;
    assert_eq!(status, 401, "the guest was deleted, and with them their session");
    let (status, _) = restore_upload(c, &viewer, file.clone(), "en_US").await;
    assert_eq!(status, 403);
    let (status, _) = c.api.send(Call::post("/system/backup").token(&viewer)).await;
    assert_eq!(status, 403);
    assert_eq!(backed_up_rows(c).await, changed_rows, "nothing changed");

    // The real file restores exactly the rows backed up, all tables at once.
    let (status, answer) = restore_upload(c, &admin, file.clone(), "en_US").await;
    assert_eq!(status, 200, "{answer}");
    let total = answer["data"]["totalRows"].as_u64().unwrap();
    let tables = answer["data"]["tables"].as_array().unwrap().len();
    assert_eq!(answer["msg"].as_str().unwrap(), format!("Restored: {total} rows in {tables} tables"));
    assert_eq!(backed_up_rows(c).await, before);
    // The administrator stays signed in; the user the backup does not hold is signed out;
    // the deleted guest is back.
    let (status, _) = c.api.send(Call::get("/getInfo").token(&admin)).await;
    assert_eq!(status, 200);
    let (status, _) = c.api.send(Call::get("/getInfo").token(&newcomer)).await;
    assert_eq!(status, 401);
    c.api.login("guest", "guest123").await;
    // New rows take fresh ids after the restore.
    add_dept(c, &admin, ROOT, "恢复后新增", "AFTER-RESTORE").await;

    // A stored backup restores too; the backup job stores one of its own.
    let (status, answer) = c.api.send(Call::put(&format!("/system/backup/restore/{backup_id}")).token(&admin)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(backed_up_rows(c).await, before);
    let job = json!({ "jobName": "每日备份", "invokeTarget": "backup", "cronExpression": "0 0 2 * * ?" });
    let (status, answer) = c.api.send(Call::post("/monitor/job").token(&admin).json(job)).await;
    assert_eq!(status, 200, "{answer}");
    let (_, jobs) = c.api.send(Call::get("/monitor/job/list?jobName=每日备份").token(&admin)).await;
    let job_id = jobs["rows"][0]["jobId"].as_i64().unwrap();
    c.api.send(Call::put("/monitor/job/run").token(&admin).json(json!({ "jobId": job_id }))).await;
    let (_, logs) = c.api.send(Call::get(&format!("/monitor/jobLog/list?jobId={job_id}")).token(&admin)).await;
    assert_eq!(logs["rows"][0]["status"], "0", "{logs}");
    let (_, list) = c.api.send(Call::get("/system/backup/list?kind=1").token(&admin)).await;
    assert_eq!((list["total"].as_i64(), list["rows"][0]["createBy"].as_str()), (Some(1), Some("scheduler")));

    // Bad input: a kind that is none, an id that is not a number.
    let (status, _) = c.api.send(Call::get("/system/backup/list?kind=9").token(&admin)).await;
    assert_eq!(status, 400);
    let (status, answer) = send(c, Call::get("/system/backup/download/abc").token(&admin), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("The backup does not exist")));
    let (status, _) = c.api.send(Call::put("/system/backup/restore/abc").token(&admin)).await;
    assert_eq!(status, 400);

    // Delete: all or none.
    let (status, _) = c.api.send(Call::delete(&format!("/system/backup/{backup_id},999999")).token(&admin)).await;
    assert_eq!(status, 404);
    let (status, _) = c.api.send(Call::delete(&format!("/system/backup/{backup_id}")).token(&admin)).await;
    assert_eq!(status, 200);
    let (status, answer) =
        send(c, Call::get(&format!("/system/backup/download/{backup_id}")).token(&admin), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (404, Some("The backup does not exist")));
}

/// The backup's list of tables and columns is the schema's: a column added by a migration
/// and not to the backup fails here, not in an operator's restore.
#[tokio::test]
async fn the_backup_holds_every_column_of_the_system_tables() {
    let c = crate::common::Cluster::start(crate::common::Deployment::Monolith).await;
    let columns: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::text, string_agg(column_name::text, ',' ORDER BY ordinal_position) \
         FROM information_schema.columns WHERE table_schema = 'identity' GROUP BY table_name ORDER BY table_name",
    )
    .fetch_all(&c.pool)
    .await
    .unwrap();
    let model = &lumiscape_identity::backup::model::TABLES;
    for (table, list) in &columns {
        let held = model.iter().find(|t| t.name.trim_start_matches("identity.") == table);
        match held {
            Some(spec) => assert_eq!(&spec.columns.join(","), list, "{table}"),
            None => assert!(
                lumiscape_identity::backup::model::NOT_HELD.contains(&table.as_str()),
                "identity.{table} is neither backed up nor listed as left out"
            ),
        }
    }
    for spec in model.iter() {
        assert!(columns.iter().any(|(table, _)| spec.name == format!("identity.{table}")), "{} is missing", spec.name);
    }
}

scenario!(a_role_is_assigned_to_users_and_their_sessions_follow);
async fn a_role_is_assigned_to_users_and_their_sessions_follow(c: &Cluster) {
    let admin = c.api.login("admin", "admin123").await;
    let guest = c.api.login("guest", "guest123").await;
    let guest_id = user_id(c, &admin, "guest").await;
    let body = json!({ "roleName": "用户查看", "roleKey": "user_viewer", "roleSort": 5, "status": "0", "menuIds": [1, 101, 1011], "remark": "" });
    let (status, answer) = c.api.send(Call::post("/system/role").token(&admin).json(body)).await;
    assert_eq!(status, 200, "{answer}");
    let role = role_id(c, "user_viewer").await;
    let (status, _) = c.api.send(Call::get("/system/user/list").token(&guest)).await;
    assert_eq!(status, 403, "the guest cannot list users yet");

    // Nobody holds it; the guest is among the others.
    let (_, held) =
        c.api.send(Call::get(&format!("/system/role/authUser/allocatedList?roleId={role}")).token(&admin)).await;
    assert_eq!(held["total"], 0, "{held}");
    let (_, others) = c
        .api
        .send(Call::get(&format!("/system/role/authUser/unallocatedList?roleId={role}&userName=gue")).token(&admin))
        .await;
    assert_eq!(
        (others["total"].as_i64(), others["rows"][0]["userName"].as_str()),
        (Some(1), Some("guest")),
        "{others}"
    );

    // Granted (RuoYi's query parameters): listed, and the guest's session has it at once.
    let (status, answer) = c
        .api
        .send(Call::put(&format!("/system/role/authUser/selectAll?roleId={role}&userIds={guest_id}")).token(&admin))
        .await;
    assert_eq!(status, 200, "{answer}");
    let (_, held) =
        c.api.send(Call::get(&format!("/system/role/authUser/allocatedList?roleId={role}")).token(&admin)).await;
    assert_eq!((held["total"].as_i64(), held["rows"][0]["userId"].as_i64()), (Some(1), Some(guest_id)));
    let (status, _) = c.api.send(Call::get("/system/user/list").token(&guest)).await;
    assert_eq!(status, 200, "the guest's session follows the grant");
    let (_, others) = c
        .api
        .send(Call::get(&format!("/system/role/authUser/unallocatedList?roleId={role}&userName=guest")).token(&admin))
        .await;
    assert_eq!(others["total"], 0);

    // Refusals, nothing changed: no user, a user not found, a role not found, the admin role
    // by someone who is not a superuser, the caller's own roles, no permission.
    for (path, status_expected, msg) in [
        (format!("/system/role/authUser/selectAll?roleId={role}"), 400, "Invalid user id"),
        (format!("/system/role/authUser/selectAll?roleId={role}&userIds=x"), 400, "Invalid user id"),
        (format!("/system/role/authUser/selectAll?roleId={role}&userIds=999999"), 404, "The user does not exist"),
        (
            format!("/system/role/authUser/selectAll?roleId=999999&userIds={guest_id}"),
            404,
            "The role does not exist or is disabled",
        ),
    ] {
        let (status, answer) = send(c, Call::put(&path).token(&admin), "en_US").await;
        assert_eq!((status, answer["msg"].as_str()), (status_expected, Some(msg)), "{path}");
    }
    let (status, answer) = send(c, Call::get("/system/role/authUser/allocatedList").token(&admin), "en_US").await;
    assert_eq!((status, answer["msg"].as_str()), (400, Some("The role does not exist or is disabled")), "no roleId");
    let many: Vec<String> = (1..=501).map(|id| id.to_string()).collect();
    let path = format!("/system/role/authUser/selectAll?roleId={role}&userIds={}", many.join(","));
    let (status, _) = c.api.send(Call::put(&path).token(&admin)).await;
    assert_eq!(status, 400, "at most 500 users at once");
    let admin_id = user_id(c, &admin, "admin").await;
    let (status, answer) = send(
        c,
        Call::put(&format!("/system/role/authUser/cancelAll?roleId={}&userIds={admin_id}", role_id(c, "admin").await))
            .token(&admin),
        "en_US",
    )
    .await;
    assert_eq!(status, 200, "refused in the envelope: {answer}");
    assert_eq!(answer["code"], 500, "the caller's own roles are not changed here: {answer}");
    let (status, _) = c
        .api
        .send(Call::put(&format!("/system/role/authUser/selectAll?roleId={role}&userIds={admin_id}")).token(&guest))
        .await;
    assert_eq!(status, 403);

    // Cancelled (RuoYi's JSON body): gone, and the guest's session loses it at once.
    let (status, answer) = c
        .api
        .send(
            Call::put("/system/role/authUser/cancel").token(&admin).json(json!({ "userId": guest_id, "roleId": role })),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let (_, held) =
        c.api.send(Call::get(&format!("/system/role/authUser/allocatedList?roleId={role}")).token(&admin)).await;
    assert_eq!(held["total"], 0);
    let (status, _) = c.api.send(Call::get("/system/user/list").token(&guest)).await;
    assert_eq!(status, 403, "the guest's session follows the cancel");
    let (status, _) = c
        .api
        .send(Call::put(&format!("/system/role/authUser/cancelAll?roleId={role}&userIds={guest_id}")).token(&admin))
        .await;
    assert_eq!(status, 200, "cancelling what is not held changes nothing and is not an error");
}
