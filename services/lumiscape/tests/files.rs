//! Uploads and the file management screen (spec sections 4, 5, 7 and 8; docs/files.md):
//! each upload type, a wrong type, a name that lies about its content, sizes over the
//! type's limit (and over `http.body_limit_bytes`, which an upload does not obey), no
//! token, no permission, a foreign project, the audit and the "being processed" refusal.
//! Every scenario runs against `--target all` in one process and against every service in
//! a process of its own.

#[macro_use]
mod common;

use std::path::Path;

use common::{Call, Cluster, Console, Options, raw_post, refused, refused_by_rule, revoke_from_operator};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";
const NO_PERMISSION_EN: &str = "No permission, please contact the administrator";
const PROCESSING_EN: &str = "A file being processed cannot be edited";
const PROCESSING_ZH: &str = "文件正在处理中，不能编辑";
/// The image limit of these scenarios (`files.image_max_bytes`).
const IMAGE_LIMIT: usize = 100 * 1024;

fn options() -> Options {
    Options {
        extra_env: vec![("LUMISCAPE_FILES__IMAGE_MAX_BYTES".into(), IMAGE_LIMIT.to_string())],
        ..Options::default()
    }
}

fn png() -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
        .unwrap()
}

fn gif() -> Vec<u8> {
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".to_vec()
}

/// A ZIP whose first entry is `first` (stored), as Office writes its packages.
fn office(first: &str) -> Vec<u8> {
    let content = b"<?xml version=\"1.0\"?><x/>";
    let mut zip = b"PK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00\x00\x00".to_vec();
    zip.extend_from_slice(&0u32.to_le_bytes()); // crc (not checked by anyone here)
    zip.extend_from_slice(&(content.len() as u32).to_le_bytes());
    zip.extend_from_slice(&(content.len() as u32).to_le_bytes());
    zip.extend_from_slice(&(first.len() as u16).to_le_bytes());
    zip.extend_from_slice(&0u16.to_le_bytes());
    zip.extend_from_slice(first.as_bytes());
    zip.extend_from_slice(content);
    zip
}

fn mp4(len: usize) -> Vec<u8> {
    let mut bytes = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom".to_vec();
    bytes.resize(len, 7);
    bytes
}

/// Every regular file under `dir`, relative.
fn stored(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// Uploads `bytes` as `name` with upload type `kind`, as `token` ("" for none) in `project`
/// ("" for none) and `lang`.
async fn upload(
    c: &Cluster,
    token: &str,
    project: &str,
    lang: &str,
    kind: &str,
    name: &str,
    bytes: Vec<u8>,
) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned());
    let form = reqwest::multipart::Form::new().text("note", "ignored").part("file", part);
    let mut request = c
        .api
        .client
        .post(c.api.url(&format!("/system/common/upload/{kind}")))
        .header("Content-Language", lang)
        .multipart(form);
    if !token.is_empty() {
        request = request.bearer_auth(token);
    }
    if !project.is_empty() {
        request = request.header("ProjectId", project);
    }
    let response = request.send().await.expect("edge answers");
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}")))
}

/// Uploads a PNG padded to `length` bytes as an image in project 1, over a raw connection,
/// with a declared length or chunked.
async fn raw_upload(c: &Cluster, token: &str, lang: &str, length: usize, chunked: bool) -> (u16, Value) {
    let boundary = "probeboundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"large.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    let mut file = png();
    file.resize(length, 0);
    body.extend(file);
    body.extend(format!("\r\n--{boundary}--\r\n").into_bytes());
    let headers = [
        ("Authorization", format!("Bearer {token}")),
        ("Content-Language", lang.to_owned()),
        ("ProjectId", "1".to_owned()),
        ("Content-Type", format!("multipart/form-data; boundary={boundary}")),
    ];
    raw_post(c, "/system/common/upload/1", &headers, &body, chunked).await
}

impl Console<'_> {
    async fn data(&self, project: &str, call: Call<'_>) -> Value {
        let (status, reply) = self.send(project, EN, call).await;
        assert_eq!((status, reply["code"].as_i64()), (200, Some(200)), "{reply}");
        reply
    }
}

scenario!(each_type_is_stored_by_content_and_served, options());
async fn each_type_is_stored_by_content_and_served(c: &Cluster) {
    let token = c.api.login("operator", "operator123").await;
    let mut mp3 = b"ID3\x04\x00\x00\x00\x00\x00\x00".to_vec();
    mp3.resize(4096, 0x55);
    // Media over http.body_limit_bytes (2 MiB): an upload streams, bounded by its type.
    let big_video = mp4(3 * 1024 * 1024);
    let cases: Vec<(&str, &str, Vec<u8>, &str, &str)> = vec![
        ("1", "Logo.PNG", png(), "png", "image/png"),
        ("1", "spinner.gif", gif(), "gif", "image/gif"),
        (
            "2",
            "plan.pdf",
            b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n".to_vec(),
            "pdf",
            "application/pdf",
        ),
        ("2", "合同.docx", office("word/document.xml"), "docx", "wordprocessingml"),
        ("2", "台账.xlsx", office("xl/workbook.xml"), "xlsx", "spreadsheetml"),
        ("2", "notes.txt", "路灯巡检记录\nlamp 3 replaced\n".as_bytes().to_vec(), "txt", "text/plain"),
        ("3", "show.mp4", big_video, "mp4", "video/mp4"),
        ("3", "music.mp3", mp3, "mp3", "audio/mpeg"),
    ];
    for (kind, name, bytes, extension, content_type) in cases {
        let (status, body) = upload(c, &token, "1", EN, kind, name, bytes.clone()).await;
        assert_eq!((status, body["code"].as_i64()), (200, Some(200)), "{name}: {body}");
        let path = body["msg"].as_str().unwrap().to_owned();
        assert!(path.starts_with("/upload/") && path.ends_with(&format!(".{extension}")), "{name}: {path}");
        assert!(!path.contains(name.split('.').next().unwrap()), "the stored path never holds the user's name");
        assert_eq!(body["fileName"], path);
        assert_eq!(body["url"], format!("/prod-api/files{path}"));
        assert_eq!(body["originalFilename"], name);
        assert_eq!(format!("/{}", body["newFileName"].as_str().unwrap()), path[path.rfind('/').unwrap()..]);
        assert!(body["contentType"].as_str().unwrap().contains(content_type), "{body}");
        let served = c.api.client.get(format!("{}/prod-api/files{path}", c.api.base)).send().await.unwrap();
        assert_eq!(served.status().as_u16(), 200, "{path} is served under {{base}}/files/");
        assert_eq!(served.bytes().await.unwrap().to_vec(), bytes, "{name}: served whole");
    }
    // They are the project's files, newest first, with who uploaded them.
    let operator = Console { cluster: c, token: token.clone() };
    let list = operator.data("1", Call::get("/project/file/list?pageNum=1&pageSize=5")).await;
    assert_eq!(list["total"], 8);
    assert_eq!(list["rows"].as_array().unwrap().len(), 5);
    assert_eq!(list["rows"][0]["fileName"], "music.mp3");
    assert_eq!(list["rows"][0]["createBy"], "operator");
    assert_eq!(list["rows"][0]["auditStatus"], "0", "not reviewed");
    assert_eq!(list["rows"][0]["fileType"], "3");
    let documents = operator.data("1", Call::get("/project/file/list?fileType=2")).await;
    assert_eq!(documents["total"], 4);
    let named = operator.data("1", Call::get("/project/file/list?fileName=%E5%90%88%E5%90%8C")).await;
    assert_eq!(named["rows"][0]["fileName"], "合同.docx");

    // Outside a project: stored and recorded, listed in no project (docs/files.md).
    let admin = c.api.login("admin", "admin123").await;
    let (status, body) = upload(c, &admin, "", EN, "1", "new-logo.png", png()).await;
    assert_eq!((status, body["code"].as_i64()), (200, Some(200)), "{body}");
    let admin = Console { cluster: c, token: admin };
    for project in ["1", "2"] {
        let rows = admin.data(project, Call::get("/project/file/list?fileName=new-logo")).await;
        assert_eq!(rows["total"], 0, "project {project}");
    }
}

scenario!(wrong_types_lies_and_oversized_files_are_refused_and_store_nothing, options());
async fn wrong_types_lies_and_oversized_files_are_refused_and_store_nothing(c: &Cluster) {
    let token = c.api.login("operator", "operator123").await;
    let before = stored(&c.files_dir());
    // The spec's 'file type error' for any type but 1, 2 and 3, localized.
    for kind in ["0", "4", "image", "%20"] {
        refused(upload(c, &token, "1", ZH, kind, "a.png", png()).await, 400, "文件类型错误");
        refused(upload(c, &token, "1", EN, kind, "a.png", png()).await, 400, "File type error");
    }
    // A name that lies about its content, both ways.
    refused(
        upload(c, &token, "1", EN, "1", "photo.png", gif()).await,
        400,
        "The file name's extension .png does not match its content (gif)",
    );
    refused(upload(c, &token, "1", ZH, "1", "photo.png", gif()).await, 400, "文件扩展名 .png 与文件内容（gif）不符");
    refused(
        upload(c, &token, "1", EN, "2", "report.pdf", b"just text".to_vec()).await,
        400,
        "The file name's extension .pdf does not match its content (txt)",
    );
    // Content of another type, and what is never an image.
    let not_an_image = "The file's content is not an allowed format; allowed: png, jpg, gif, webp";
    refused(upload(c, &token, "1", EN, "1", "a.png", mp4(1000)).await, 400, not_an_image);
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    refused(upload(c, &token, "1", EN, "1", "a.svg", svg).await, 400, not_an_image);
    refused(
        upload(c, &token, "1", EN, "1", "a.html", b"<html><body>x</body></html>".to_vec()).await,
        400,
        not_an_image,
    );
    refused(
        upload(c, &token, "1", EN, "3", "a.mp4", png()).await,
        400,
        "The file's content is not an allowed format; allowed: mp4, mp3",
    );
    // Too large for its type: from the declared length before anything is read, and while
    // streaming a body of no declared length. Raw, because the server answers and closes
    // before it has the whole body.
    for (lang, msg) in [(EN, "The file may be at most 100 KB"), (ZH, "文件大小不能超过 100 KB")] {
        refused(raw_upload(c, &token, lang, IMAGE_LIMIT + 1, false).await, 413, msg);
        refused(raw_upload(c, &token, lang, IMAGE_LIMIT * 40, false).await, 413, msg);
        refused(raw_upload(c, &token, lang, IMAGE_LIMIT * 40, true).await, 413, msg);
    }
    // No file, an empty one.
    refused(upload(c, &token, "1", EN, "1", "empty.png", Vec::new()).await, 400, "Choose a file to upload");
    let (status, body) = c
        .api
        .client
        .post(c.api.url("/system/common/upload/1"))
        .bearer_auth(&token)
        .header("Content-Language", EN)
        .header("ProjectId", "1")
        .multipart(reqwest::multipart::Form::new().text("other", "x"))
        .send()
        .await
        .map(|r| (r.status().as_u16(), r))
        .unwrap();
    refused((status, body.json().await.unwrap()), 400, "Choose a file to upload");

    assert_eq!(stored(&c.files_dir()), before, "nothing was stored");
    let operator = Console { cluster: c, token };
    assert_eq!(operator.data("1", Call::get("/project/file/list")).await["total"], 0, "nothing was recorded");
}

scenario!(uploads_and_files_need_a_token_a_permission_and_the_project);
async fn uploads_and_files_need_a_token_a_permission_and_the_project(c: &Cluster) {
    let before = stored(&c.files_dir());
    let (status, body) = upload(c, "", "1", EN, "1", "a.png", png()).await;
    assert_eq!((status, body["code"].as_i64()), (401, Some(401)), "{body}");
    // The operator may not open project 2.
    let operator = c.api.login("operator", "operator123").await;
    let (status, body) = upload(c, &operator, "2", EN, "1", "a.png", png()).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(stored(&c.files_dir()), before);

    // A file of project 1 is absent from project 2, even for the admin.
    let admin = Console::admin(c).await;
    let (_, body) = upload(c, &admin.token, "1", EN, "1", "a.png", png()).await;
    let file_id = body["fileId"].as_i64().unwrap();
    let path = format!("/project/file/{file_id}");
    refused(admin.send("2", EN, Call::get(&path)).await, 404, "The file does not exist");
    refused(admin.send("2", EN, Call::delete(&path)).await, 404, "The file does not exist");
    let edit = json!({ "fileId": file_id, "fileName": "moved" });
    refused(admin.send("2", EN, Call::put("/project/file").json(edit)).await, 404, "The file does not exist");
    let audit = json!({ "fileId": file_id, "auditStatus": "1" });
    refused(admin.send("2", EN, Call::put("/project/file/audit").json(audit)).await, 404, "The file does not exist");
    assert_eq!(admin.data("2", Call::get("/project/file/list")).await["total"], 0);
    // The list needs a project.
    refused(admin.send("", EN, Call::get("/project/file/list")).await, 400, "Please select a project first");

    // Without the permissions.
    revoke_from_operator(
        c,
        &["pc:project:file:add", "pc:project:file:list", "pc:project:file:audit", "pc:project:file:remove"],
    )
    .await;
    let limited = c.api.login("operator", "operator123").await;
    refused(upload(c, &limited, "1", EN, "1", "a.png", png()).await, 403, NO_PERMISSION_EN);
    let limited = Console { cluster: c, token: limited };
    refused(limited.send("1", EN, Call::get("/project/file/list")).await, 403, NO_PERMISSION_EN);
    let audit = json!({ "fileId": file_id, "auditStatus": "1" });
    refused(limited.send("1", EN, Call::put("/project/file/audit").json(audit)).await, 403, NO_PERMISSION_EN);
    refused(limited.send("1", EN, Call::delete(&path)).await, 403, NO_PERMISSION_EN);
    assert_eq!(admin.data("1", Call::get(&path)).await["data"]["fileName"], "a.png", "still there");
}

scenario!(audit_edit_and_delete_but_never_while_processing);
async fn audit_edit_and_delete_but_never_while_processing(c: &Cluster) {
    let console = Console::admin(c).await;
    let (_, body) = upload(c, &console.token, "1", EN, "3", "show.mp4", mp4(5000)).await;
    let file_id = body["fileId"].as_i64().expect("the new file's id");
    let stored_path = body["msg"].as_str().unwrap().to_owned();
    let path = format!("/project/file/{file_id}");

    // Edit: name and remark, checked.
    let edit = json!({ "fileId": file_id, "fileName": " 开幕秀 ", "remark": "第一版" });
    console.data("1", Call::put("/project/file").json(edit)).await;
    let file = console.data("1", Call::get(&path)).await["data"].clone();
    assert_eq!((file["fileName"].as_str(), file["remark"].as_str()), (Some("开幕秀"), Some("第一版")));
    assert_eq!(file["path"], stored_path);
    let empty = json!({ "fileId": file_id, "fileName": "  " });
    refused(console.send("1", EN, Call::put("/project/file").json(empty)).await, 400, "The file name cannot be empty");

    // Audit: no pass needs a reason; the states filter the list.
    let no_reason = json!({ "fileId": file_id, "auditStatus": "2" });
    refused(
        console.send("1", EN, Call::put("/project/file/audit").json(no_reason)).await,
        400,
        "A no-pass audit needs a reason",
    );
    let bad = json!({ "fileId": file_id, "auditStatus": "0" });
    refused(
        console.send("1", EN, Call::put("/project/file/audit").json(bad)).await,
        400,
        "The audit result must be pass or no pass",
    );
    let no_pass = json!({ "fileId": file_id, "auditStatus": "2", "auditReason": "画面模糊" });
    console.data("1", Call::put("/project/file/audit").json(no_pass)).await;
    let rows = console.data("1", Call::get("/project/file/list?auditStatus=2")).await;
    assert_eq!(rows["total"], 1);
    assert_eq!(rows["rows"][0]["auditReason"], "画面模糊");
    assert_eq!(rows["rows"][0]["auditBy"], "admin");
    assert!(rows["rows"][0]["auditTime"].is_string());
    let pass = json!({ "fileId": file_id, "auditStatus": "1" });
    console.data("1", Call::put("/project/file/audit").json(pass.clone())).await;
    assert_eq!(console.data("1", Call::get("/project/file/list?auditStatus=1")).await["total"], 1);
    assert_eq!(console.data("1", Call::get("/project/file/list?auditStatus=2")).await["total"], 0);

    // Being processed (its cutting in progress): no edit, audit or delete, in both languages.
    sqlx::query("UPDATE project.files SET process_status = '1' WHERE file_id = $1")
        .bind(file_id)
        .execute(&c.pool)
        .await
        .unwrap();
    let edit = json!({ "fileId": file_id, "fileName": "改名" });
    refused_by_rule(console.send("1", EN, Call::put("/project/file").json(edit.clone())).await, PROCESSING_EN);
    refused_by_rule(console.send("1", ZH, Call::put("/project/file").json(edit)).await, PROCESSING_ZH);
    refused_by_rule(console.send("1", EN, Call::put("/project/file/audit").json(pass)).await, PROCESSING_EN);
    refused_by_rule(console.send("1", EN, Call::delete(&path)).await, PROCESSING_EN);
    let file = console.data("1", Call::get(&path)).await["data"].clone();
    assert_eq!((file["fileName"].as_str(), file["processStatus"].as_str()), (Some("开幕秀"), Some("1")));

    // Done processing: delete removes the record and the object.
    sqlx::query("UPDATE project.files SET process_status = '2' WHERE file_id = $1")
        .bind(file_id)
        .execute(&c.pool)
        .await
        .unwrap();
    let object = c.files_dir().join(stored_path.trim_start_matches('/'));
    assert!(object.exists());
    console.data("1", Call::delete(&path)).await;
    assert!(!object.exists(), "the object is deleted with its record");
    refused(console.send("1", EN, Call::get(&path)).await, 404, "The file does not exist");
    refused(console.send("1", EN, Call::get("/project/file/abc")).await, 400, "Invalid file id");
}
