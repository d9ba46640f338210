//! The address screen's HTTP contract (spec sections 3, 5 and 7): the nine calls, the
//! tree's rules, bad input, project scoping and permissions. Every scenario runs against
//! `--target all` in one process and against every service in a process of its own.

#[macro_use]
mod common;

use common::{Call, Cluster, Console, refused, refused_by_rule, revoke_from_operator};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";
const NOT_FOUND_EN: &str = "The address does not exist";
const CANNOT_MOVE_EN: &str = "An address with children cannot change parent";
const CANNOT_MOVE_ZH: &str = "该地址存在下级地址，不能修改上级地址";

impl Console<'_> {
    async fn en(&self, project: &str, call: Call<'_>) -> (u16, Value) {
        self.send(project, EN, call).await
    }

    /// A successful call's `data`.
    async fn data(&self, project: &str, call: Call<'_>) -> Value {
        let (status, reply) = self.en(project, call).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
        reply["data"].clone()
    }

    async fn add(&self, project: &str, parent_id: i64, name: &str) -> i64 {
        let body = json!({ "parentId": parent_id, "addressName": name, "orderNum": 1 });
        self.data(project, Call::post("/project/address").json(body)).await.as_i64().expect("the new id")
    }

    async fn get(&self, project: &str, id: i64) -> Value {
        self.data(project, Call::get(&format!("/project/address/{id}"))).await
    }
}

/// `checkChildrenAddress` in project 1.
async fn has_children(console: &Console<'_>, id: i64) -> Value {
    console.data("1", Call::get(&format!("/project/address/checkChildrenAddress/{id}"))).await
}

/// The names of a tree's nodes, depth first.
fn names(nodes: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for node in nodes.as_array().expect("a list of nodes") {
        out.push(node["name"].as_str().unwrap().to_owned());
        out.extend(names(&node["children"]));
    }
    out
}

scenario!(the_nine_calls_build_read_move_and_delete_a_tree);
async fn the_nine_calls_build_read_move_and_delete_a_tree(c: &Cluster) {
    let console = Console::admin(c).await;

    // The demo seed: a three-level tree in each project.
    let seeded = console.data("1", Call::get("/project/address/getProjectAddressTree")).await;
    assert_eq!(seeded[0]["name"], "滨江公园");
    assert_eq!(seeded[0]["parentId"], 0, "parentId 0 at the root");
    assert_eq!(seeded[0]["children"][0]["name"], "东区");
    assert_eq!(seeded[0]["children"][0]["children"][0]["name"], "观景步道");
    assert_eq!(seeded[0]["children"][0]["children"][0]["children"], json!([]));

    // Add a three-level tree.
    let park = console.add("1", 0, "North Park").await;
    let zone = console.add("1", park, "Lake Zone").await;
    let walk = console.add("1", zone, "Lakeside Walk").await;
    let other_zone = console.add("1", park, "Hill Zone").await;
    let detail = console.get("1", walk).await;
    assert_eq!(detail["addressId"], walk);
    assert_eq!(detail["id"], walk);
    assert_eq!(detail["parentId"], zone);
    assert_eq!(detail["projectId"], 1);
    assert_eq!(detail["addressName"], "Lakeside Walk");
    assert_eq!(detail["ancestors"], format!("0,{park},{zone}"));
    assert_eq!(detail["createBy"], "admin");
    assert_eq!(detail["createTime"].as_str().unwrap().len(), "2026-01-01 00:00:00".len());

    // getAddress: the path from the root.
    let with_path = console.data("1", Call::get(&format!("/project/address/getAddress/{walk}"))).await;
    assert_eq!(with_path["fullName"], "North Park / Lake Zone / Lakeside Walk");
    assert_eq!(with_path["path"][0], json!({ "id": park, "name": "North Park" }));
    assert_eq!(with_path["path"].as_array().unwrap().len(), 3);
    assert_eq!(with_path["addressName"], "Lakeside Walk");

    // list: flat, filtered by name and by parent.
    let all = console.data("1", Call::get("/project/address/list")).await;
    assert_eq!(all.as_array().unwrap().len(), 11 + 4, "the seeded 11 and the new 4");
    let lake = console.data("1", Call::get("/project/address/list?addressName=Lake")).await;
    let lake_names: Vec<&str> = lake.as_array().unwrap().iter().map(|a| a["addressName"].as_str().unwrap()).collect();
    assert_eq!(lake_names, ["Lake Zone", "Lakeside Walk"]);
    let under_park = console.data("1", Call::get(&format!("/project/address/list?parentId={park}"))).await;
    assert_eq!(under_park.as_array().unwrap().len(), 2);
    let roots = console.data("1", Call::get("/project/address/list?parentId=0")).await;
    assert_eq!(roots.as_array().unwrap().len(), 3, "two seeded parks and North Park");

    // The trees: the selected project's, and one named by projectId.
    let tree = console.data("1", Call::get("/project/address/getAddressTree")).await;
    let north = tree.as_array().unwrap().iter().find(|n| n["id"] == park).expect("North Park").clone();
    assert_eq!(names(&json!([north])), ["North Park", "Lake Zone", "Lakeside Walk", "Hill Zone"]);
    let skyline = console.data("1", Call::get("/project/address/getAddressTree?projectId=2")).await;
    assert_eq!(skyline[0]["name"], "陆家嘴中心绿地", "admin may open project 2");

    // checkChildrenAddress.
    assert_eq!(has_children(&console, zone).await, json!(true));
    assert_eq!(has_children(&console, walk).await, json!(false));

    // Edit: rename and reorder in place, with children; move a leaf.
    let edit = json!({ "addressId": zone, "parentId": park, "addressName": "Lake Zone East", "orderNum": 5, "remark": "by the lake" });
    console.data("1", Call::put("/project/address").json(edit)).await;
    let renamed = console.get("1", zone).await;
    assert_eq!((renamed["addressName"].as_str(), renamed["orderNum"].as_i64()), (Some("Lake Zone East"), Some(5)));
    assert_eq!(renamed["remark"], "by the lake");
    let moved = json!({ "addressId": walk, "parentId": other_zone, "addressName": "Lakeside Walk" });
    console.data("1", Call::put("/project/address").json(moved)).await;
    assert_eq!(console.get("1", walk).await["ancestors"], format!("0,{park},{other_zone}"));
    assert_eq!(has_children(&console, zone).await, json!(false));

    // The rule of section 5: an address with children cannot change parent.
    let reparent = json!({ "addressId": other_zone, "parentId": 0, "addressName": "Hill Zone" });
    refused_by_rule(console.en("1", Call::put("/project/address").json(reparent.clone())).await, CANNOT_MOVE_EN);
    refused_by_rule(console.send("1", ZH, Call::put("/project/address").json(reparent)).await, CANNOT_MOVE_ZH);
    assert_eq!(console.get("1", other_zone).await["parentId"], park, "nothing moved");

    // Delete: refused with children, then leaf first.
    refused_by_rule(
        console.en("1", Call::delete(&format!("/project/address/{park}"))).await,
        "It has lower addresses and cannot be deleted",
    );
    refused_by_rule(
        console.send("1", ZH, Call::delete(&format!("/project/address/{park}"))).await,
        "存在下级地址，不允许删除",
    );
    for id in [walk, other_zone, zone, park] {
        console.data("1", Call::delete(&format!("/project/address/{id}"))).await;
    }
    refused(console.en("1", Call::get(&format!("/project/address/{park}"))).await, 404, NOT_FOUND_EN);
    refused(console.en("1", Call::delete(&format!("/project/address/{park}"))).await, 404, NOT_FOUND_EN);
    assert_eq!(console.data("1", Call::get("/project/address/list")).await.as_array().unwrap().len(), 11);
}

scenario!(the_tree_kept_by_the_edge_follows_every_change);
/// The edge keeps a project's tree as JSON and sends it while the project service says its
/// version is current: every write, through the API or by hand in SQL, is seen at the next
/// read, by every caller.
async fn the_tree_kept_by_the_edge_follows_every_change(c: &Cluster) {
    let console = Console::admin(c).await;
    let tree = || async { names(&console.data("1", Call::get("/project/address/getAddressTree")).await) };
    let seeded = tree().await;
    assert_eq!(tree().await, seeded, "read twice, the same");
    let selected = names(&console.data("1", Call::get("/project/address/getProjectAddressTree")).await);
    assert_eq!(selected, seeded, "both calls give the selected project's tree");

    let park = console.add("1", 0, "Cache Park").await;
    assert!(tree().await.contains(&"Cache Park".to_owned()), "an addition is seen");
    let zone = console.add("1", park, "Zone A").await;
    let edit = json!({ "addressId": zone, "parentId": park, "addressName": "Zone B", "orderNum": 2 });
    console.data("1", Call::put("/project/address").json(edit)).await;
    let names_now = tree().await;
    assert!(names_now.contains(&"Zone B".to_owned()) && !names_now.contains(&"Zone A".to_owned()), "a rename is seen");

    // A write by hand, outside the service, changes the version too.
    sqlx::query("UPDATE project.addresses SET address_name = 'Zone C' WHERE address_id = $1")
        .bind(zone)
        .execute(&c.pool)
        .await
        .unwrap();
    assert!(tree().await.contains(&"Zone C".to_owned()), "a write in SQL is seen");
    // A write that does not change what the tree shows keeps it (and the answer is the same).
    sqlx::query("UPDATE project.addresses SET remark = 'noted' WHERE address_id = $1")
        .bind(zone)
        .execute(&c.pool)
        .await
        .unwrap();
    assert!(tree().await.contains(&"Zone C".to_owned()));

    // Another project's writes leave this tree alone; its own tree follows them.
    let before = tree().await;
    let other = console.add("2", 0, "Elsewhere").await;
    assert_eq!(tree().await, before);
    let skyline = names(&console.data("1", Call::get("/project/address/getAddressTree?projectId=2")).await);
    assert!(skyline.contains(&"Elsewhere".to_owned()));

    for id in [zone, park] {
        console.data("1", Call::delete(&format!("/project/address/{id}"))).await;
    }
    console.data("2", Call::delete(&format!("/project/address/{other}"))).await;
    assert_eq!(tree().await, seeded, "the deletions are seen");
}

scenario!(bad_input_and_bad_moves_are_refused_and_change_nothing);
async fn bad_input_and_bad_moves_are_refused_and_change_nothing(c: &Cluster) {
    let console = Console::admin(c).await;
    let park = console.add("1", 0, "Test Park").await;
    let zone = console.add("1", park, "Test Zone").await;
    let walk = console.add("1", zone, "Test Walk").await;
    let before = console.data("1", Call::get("/project/address/list")).await;
    let post = |body: Value, lang: &'static str| console.send("1", lang, Call::post("/project/address").json(body));
    let put = |body: Value| console.en("1", Call::put("/project/address").json(body));

    // Names: required, at most 50 characters, unique among siblings.
    refused(post(json!({ "parentId": park, "addressName": "  " }), EN).await, 400, "The address name cannot be empty");
    refused(post(json!({ "parentId": park }), ZH).await, 400, "地址名称不能为空");
    let long = "名".repeat(51);
    refused(
        post(json!({ "parentId": park, "addressName": long }), EN).await,
        400,
        "The address name may be at most 50 characters",
    );
    refused(
        post(json!({ "parentId": park, "addressName": "Test Zone" }), EN).await,
        400,
        "Address 'Test Zone' could not be saved: a sibling has that name",
    );
    refused(
        post(json!({ "parentId": park, "addressName": "Test Zone" }), ZH).await,
        400,
        "保存地址'Test Zone'失败，同级地址名称已存在",
    );
    // The same name elsewhere in the tree is fine.
    let twin = console.add("1", zone, "Test Zone").await;
    console.data("1", Call::delete(&format!("/project/address/{twin}"))).await;
    refused(
        post(json!({ "parentId": park, "addressName": "A", "orderNum": 10000 }), EN).await,
        400,
        "The display order must be a whole number from 0 to 9999",
    );

    // Parents: unknown, not a number, in another project.
    refused(
        post(json!({ "parentId": 99_999_999, "addressName": "A" }), EN).await,
        400,
        "The parent address does not exist",
    );
    refused(post(json!({ "parentId": "x", "addressName": "A" }), EN).await, 400, "The parent address does not exist");
    let foreign_tree = console.data("2", Call::get("/project/address/getProjectAddressTree")).await;
    let foreign = foreign_tree[0]["id"].as_i64().unwrap();
    let foreign_leaf = foreign_tree[0]["children"][0]["children"][0]["id"].as_i64().unwrap();
    refused(
        post(json!({ "parentId": foreign, "addressName": "A" }), EN).await,
        400,
        "The parent address does not exist",
    );
    refused(
        put(json!({ "addressId": walk, "parentId": foreign, "addressName": "Test Walk" })).await,
        400,
        "The parent address does not exist",
    );

    // Moves: under itself, under a descendant, a node with children.
    refused(
        put(json!({ "addressId": walk, "parentId": walk, "addressName": "Test Walk" })).await,
        400,
        "An address cannot be its own parent",
    );
    refused(
        put(json!({ "addressId": park, "parentId": walk, "addressName": "Test Park" })).await,
        400,
        "An address cannot move under one of its own descendants",
    );
    refused_by_rule(put(json!({ "addressId": zone, "parentId": 0, "addressName": "Test Zone" })).await, CANNOT_MOVE_EN);

    // Ids: missing, zero, not a number, in another project.
    refused(put(json!({ "parentId": 0, "addressName": "A" })).await, 400, "Invalid address id");
    for path in [
        "/project/address/0",
        "/project/address/abc",
        "/project/address/getAddress/-1",
        "/project/address/checkChildrenAddress/x",
    ] {
        refused(console.en("1", Call::get(path)).await, 400, "Invalid address id");
    }
    refused(console.en("1", Call::delete("/project/address/abc")).await, 400, "Invalid address id");
    refused(console.en("1", Call::get("/project/address/list?parentId=x")).await, 400, "Invalid address id");
    refused(console.en("1", Call::get("/project/address/getAddressTree?projectId=x")).await, 400, "Invalid project id");
    refused(console.en("1", Call::get("/project/address/getAddressTree?projectId=0")).await, 400, "Invalid project id");
    refused(
        console.en("1", Call::get("/project/address/getAddressTree?projectId=424242")).await,
        404,
        "Project does not exist!",
    );

    // A foreign project's address is as absent as one that never existed.
    for path in [
        format!("/project/address/{foreign_leaf}"),
        format!("/project/address/getAddress/{foreign_leaf}"),
        format!("/project/address/checkChildrenAddress/{foreign}"),
    ] {
        refused(console.en("1", Call::get(&path)).await, 404, NOT_FOUND_EN);
    }
    refused(console.en("1", Call::delete(&format!("/project/address/{foreign_leaf}"))).await, 404, NOT_FOUND_EN);
    refused(put(json!({ "addressId": foreign_leaf, "parentId": 0, "addressName": "Stolen" })).await, 404, NOT_FOUND_EN);
    let foreign_list = console.data("1", Call::get(&format!("/project/address/list?parentId={foreign}"))).await;
    assert_eq!(foreign_list, json!([]));

    assert_eq!(console.data("1", Call::get("/project/address/list")).await, before, "nothing changed");
    let unchanged = console.data("2", Call::get("/project/address/getProjectAddressTree")).await;
    assert_eq!(unchanged, foreign_tree, "nothing changed in project 2");
}

scenario!(permissions_and_projects_bound_every_address_call);
async fn permissions_and_projects_bound_every_address_call(c: &Cluster) {
    revoke_from_operator(c, &["pc:project:address:add", "pc:project:address:edit", "pc:project:address:remove"]).await;
    let operator = Console::sign_in(c, "operator", "operator123").await;
    let admin = Console::admin(c).await;
    let tree = operator.data("1", Call::get("/project/address/getProjectAddressTree")).await;
    assert_eq!(tree[0]["name"], "滨江公园", "reading is still allowed");
    let leaf = tree[0]["children"][0]["children"][0]["id"].as_i64().unwrap();
    operator.get("1", leaf).await;

    refused(
        operator.en("1", Call::post("/project/address").json(json!({ "parentId": 0, "addressName": "X" }))).await,
        403,
        NO_PERMISSION_EN,
    );
    let edit = json!({ "addressId": leaf, "parentId": 0, "addressName": "X" });
    refused(operator.en("1", Call::put("/project/address").json(edit)).await, 403, NO_PERMISSION_EN);
    refused(operator.en("1", Call::delete(&format!("/project/address/{leaf}"))).await, 403, NO_PERMISSION_EN);
    refused(
        operator.send("1", ZH, Call::delete(&format!("/project/address/{leaf}"))).await,
        403,
        "没有权限，请联系管理员授权",
    );

    // The operator works in project 1 only: project 2 is refused, by header or by query,
    // even while the edge holds project 2's tree for the admin who just read it.
    let skyline = admin.data("1", Call::get("/project/address/getAddressTree?projectId=2")).await;
    assert_eq!(skyline[0]["name"], "陆家嘴中心绿地");
    refused(
        operator.en("2", Call::get("/project/address/getProjectAddressTree")).await,
        403,
        "You may not access this project",
    );
    refused(operator.en("2", Call::get("/project/address/list")).await, 403, "You may not access this project");
    refused(
        operator.en("1", Call::get("/project/address/getAddressTree?projectId=2")).await,
        404,
        "Project does not exist!",
    );
    // Without a project selected.
    refused(operator.en("", Call::get("/project/address/list")).await, 400, "Please select a project first");
    // Without a token.
    let (status, reply) = c.api.send(Call::get("/project/address/list").header("ProjectId", "1")).await;
    assert_eq!((status, reply["code"].as_i64()), (401, Some(401)), "{reply}");

    // The guest holds no address permission at all.
    let guest = Console::sign_in(c, "guest", "guest123").await;
    let (status, _) = guest.en("1", Call::get("/project/address/list")).await;
    assert!(status == 403, "the guest is refused: {status}");
    assert_eq!(admin.get("1", leaf).await["id"], leaf, "nothing was deleted");
}
