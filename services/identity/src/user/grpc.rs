//! User administration over gRPC: each method authorizes, calls its inner function and
//! maps the error once. Every method works in the caller's data scope (`UserScope`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

use chrono::DateTime;
use lumiscape_common::access::{Access, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::ALL_PERMISSION;
use lumiscape_common::permission::system::{role, user};
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::user_admin_service_server::UserAdminService;
use tonic::{Request, Response, Status};

use super::model::{self, RawUser, UserDraft, UserScope};
use super::sessions;
use super::store::{self, Edited, Grantor, UserFilter, UserListRow};
use super::workbook::{self, ImportRow};
use crate::Shared;
use crate::auth::model::hash_password;
use crate::dept::model::{DeptIndex, parse_status};

/// The most rows one export writes.
pub const MAX_EXPORT_ROWS: i64 = 100_000;

pub struct UserAdminApi {
    shared: Shared,
}

impl UserAdminApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl UserAdminService for UserAdminApi {
    async fn list_users(&self, request: Request<pb::ListUsersRequest>) -> Reply<pb::ListUsersResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_user(&self, request: Request<pb::UserIdRequest>) -> Reply<pb::UserDetail> {
        let access = authorize_global(&self.shared.auth, &request, &[user::QUERY]).await?;
        self.detail(&access, request.get_ref().user_id).await.reply(access.lang())
    }

    async fn user_form_options(
        &self,
        request: Request<pb::UserFormOptionsRequest>,
    ) -> Reply<pb::UserFormOptionsResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::QUERY]).await?;
        self.options(&access).await.reply(access.lang())
    }

    async fn add_user(&self, request: Request<pb::UserInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::ADD]).await?;
        self.add(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn edit_user(&self, request: Request<pb::UserInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::EDIT]).await?;
        self.edit(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn remove_users(&self, request: Request<pb::RemoveUsersRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::REMOVE]).await?;
        self.remove(&access, &request.get_ref().user_ids).await.reply(access.lang())
    }

    async fn reset_password(&self, request: Request<pb::ResetPasswordRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::RESET_PWD]).await?;
        self.set_password(&access, request.into_inner()).await.reply(access.lang())
    }

    async fn change_status(&self, request: Request<pb::ChangeStatusRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::EDIT]).await?;
        self.set_status(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn export_users(&self, request: Request<pb::ListUsersRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::EXPORT]).await?;
        self.export(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn import_template(&self, request: Request<pb::ImportTemplateRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::IMPORT]).await?;
        self.template(&access).await.reply(access.lang())
    }

    async fn list_role_users(&self, request: Request<pb::ListRoleUsersRequest>) -> Reply<pb::ListUsersResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::LIST]).await?;
        self.role_users(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn grant_role_users(&self, request: Request<pb::RoleUsersInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::EDIT]).await?;
        self.set_role_holders(&access, request.get_ref(), true).await.reply(access.lang())
    }

    async fn cancel_role_users(&self, request: Request<pb::RoleUsersInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::EDIT]).await?;
        self.set_role_holders(&access, request.get_ref(), false).await.reply(access.lang())
    }

    async fn import_users(&self, request: Request<pb::ImportUsersRequest>) -> Reply<pb::ImportUsersResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[user::IMPORT]).await?;
        self.import(&access, request.into_inner()).await.reply(access.lang())
    }
}

/// What the caller's roles let them see (docs/data-scope.md).
pub(crate) async fn caller_scope(shared: &Shared, access: &Access) -> Result<UserScope, Error> {
    scope_in(shared, access, &*shared.dept_index().await?).await
}

/// The caller's scope, its organization subtrees taken from `index`.
async fn scope_in(shared: &Shared, access: &Access, index: &DeptIndex) -> Result<UserScope, Error> {
    let superuser = is_superuser(access);
    let grants =
        if superuser { Vec::new() } else { store::scope_grants(&shared.pool, access.caller.user_id()).await? };
    let session = &access.caller.session;
    let projects = (!session.all_projects).then_some(session.project_ids.as_slice());
    Ok(UserScope::of(access.caller.user_id(), superuser, &grants, projects).with_subtrees(index))
}

fn is_superuser(access: &Access) -> bool {
    access.caller.permissions().iter().any(|p| p == ALL_PERMISSION)
}

impl UserAdminApi {
    /// The users the caller may see and change.
    async fn scope(&self, access: &Access) -> Result<UserScope, Error> {
        caller_scope(&self.shared, access).await
    }

    /// The scope and the organization index it was taken from, for the reads that also
    /// filter by an organization or name the rows' organizations (one read of the index).
    async fn scope_and_index(&self, access: &Access) -> Result<(UserScope, Arc<DeptIndex>), Error> {
        let index = self.shared.dept_index().await?;
        Ok((scope_in(&self.shared, access, &index).await?, index))
    }

    fn grantor(access: &Access) -> Grantor {
        Grantor { superuser: is_superuser(access) }
    }

    async fn list(&self, access: &Access, req: &pb::ListUsersRequest) -> Result<pb::ListUsersResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (scope, index) = self.scope_and_index(access).await?;
        let filter = filter_of(req, &index)?;
        let rows = store::page(&self.shared.pool, &scope, &filter, page).await?;
        let total = self.shared.user_count(scope, filter).await?;
        Ok(pb::ListUsersResponse { rows: rows.into_iter().map(|row| row_pb(row, &index)).collect(), total })
    }

    async fn role_users(
        &self,
        access: &Access,
        req: &pb::ListRoleUsersRequest,
    ) -> Result<pb::ListUsersResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        if req.role_id <= 0 {
            return Err(Error::bad_request(Msg::RoleNotFound));
        }
        let filter = UserFilter {
            user_name: req.user_name.trim().to_owned(),
            phonenumber: req.phonenumber.trim().to_owned(),
            ..UserFilter::none()
        };
        let (scope, index) = self.scope_and_index(access).await?;
        let (rows, total) =
            store::list_by_role(&self.shared.pool, &scope, &filter, req.role_id, req.allocated, page).await?;
        Ok(pb::ListUsersResponse { rows: rows.into_iter().map(|row| row_pb(row, &index)).collect(), total })
    }

    /// Grants or cancels a role for some users; their sessions follow at once.
    async fn set_role_holders(
        &self,
        access: &Access,
        input: &pb::RoleUsersInput,
        grant: bool,
    ) -> Result<pb::SavedResponse, Error> {
        if input.role_id <= 0 {
            return Err(Error::bad_request(Msg::RoleNotFound));
        }
        let user_ids = model::check_user_ids(&input.user_ids)?;
        let scope = self.scope(access).await?;
        let by = Self::grantor(access);
        if !store::set_role_holders(&self.shared.pool, &scope, input.role_id, &user_ids, grant, &by).await? {
            return Err(Error::not_found(Msg::UserNotFound));
        }
        for user_id in user_ids {
            sessions::refresh(&self.shared, user_id).await?;
        }
        Ok(pb::SavedResponse {})
    }

    async fn detail(&self, access: &Access, user_id: i64) -> Result<pb::UserDetail, Error> {
        let user_id = model::check_user_id(user_id)?;
        let (scope, index) = self.scope_and_index(access).await?;
        let found = store::find(&self.shared.pool, &scope, user_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::UserNotFound))?;
        let roles = self.role_options(access).await?;
        Ok(pb::UserDetail {
            user: Some(row_pb(found.row, &index)),
            role_ids: found.role_ids,
            project_ids: found.project_ids,
            qualifications: found
                .qualifications
                .into_iter()
                .map(|q| pb::Qualification { code: q.code, name: q.name })
                .collect(),
            roles,
        })
    }

    async fn role_options(&self, access: &Access) -> Result<Vec<pb::RoleOption>, Error> {
        let roles = store::role_options(&self.shared.pool, is_superuser(access)).await?;
        Ok(roles
            .into_iter()
            .map(|(role_id, role_name, role_key, status)| pb::RoleOption { role_id, role_name, role_key, status })
            .collect())
    }

    async fn options(&self, access: &Access) -> Result<pb::UserFormOptionsResponse, Error> {
        Ok(pb::UserFormOptionsResponse { roles: self.role_options(access).await? })
    }

    async fn hash(&self, password: String) -> Result<String, Error> {
        self.shared.blocking.run(move || hash_password(&password)).await?.map_err(Error::internal)
    }

    async fn add(&self, access: &Access, input: &pb::UserInput) -> Result<pb::SavedResponse, Error> {
        let draft = UserDraft::parse(&raw_user(input))?;
        model::check_password(&input.password, &self.shared.password_policy)?;
        let hash = self.hash(input.password.clone()).await?;
        let user_id = store::add(&self.shared.pool, &draft, &hash, &Self::grantor(access)).await?;
        self.shared.forget_user_counts();
        tracing::info!(user_id, by = access.user_name(), "user added");
        Ok(pb::SavedResponse {})
    }

    async fn edit(&self, access: &Access, input: &pb::UserInput) -> Result<pb::SavedResponse, Error> {
        let user_id = model::check_user_id(input.user_id)?;
        let draft = UserDraft::parse(&RawUser { user_name: "kept", ..raw_user(input) })?;
        let scope = self.scope(access).await?;
        let mut tx = self.shared.pool.begin().await?;
        let edited = store::update(&mut tx, &scope, user_id, &draft, &Self::grantor(access)).await?;
        let Edited::Saved { revoked } = edited else {
            return Err(Error::not_found(Msg::UserNotFound));
        };
        tx.commit().await?;
        self.shared.forget_user_counts();
        sessions::end(&self.shared, &revoked).await?;
        sessions::refresh(&self.shared, user_id).await?;
        Ok(pb::SavedResponse {})
    }

    async fn remove(&self, access: &Access, user_ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = model::check_user_ids(user_ids)?;
        let scope = self.scope(access).await?;
        let revoked = store::delete(&self.shared.pool, &scope, &ids, &Self::grantor(access))
            .await?
            .ok_or_else(|| Error::not_found(Msg::UserNotFound))?;
        self.shared.forget_user_counts();
        sessions::end(&self.shared, &revoked).await?;
        for id in &ids {
            self.shared.forget_user(*id).await;
        }
        tracing::info!(users = ?ids, by = access.user_name(), "users deleted");
        Ok(pb::SavedResponse {})
    }

    async fn set_password(&self, access: &Access, req: pb::ResetPasswordRequest) -> Result<pb::SavedResponse, Error> {
        let user_id = model::check_user_id(req.user_id)?;
        model::check_password(&req.password, &self.shared.password_policy)?;
        let hash = self.hash(req.password).await?;
        let scope = self.scope(access).await?;
        let revoked = store::reset_password(&self.shared.pool, &scope, user_id, &hash, &Self::grantor(access))
            .await?
            .ok_or_else(|| Error::not_found(Msg::UserNotFound))?;
        sessions::end(&self.shared, &revoked).await?;
        self.shared.forget_user(user_id).await;
        tracing::info!(user_id, by = access.user_name(), "password reset by an administrator");
        Ok(pb::SavedResponse {})
    }

    async fn set_status(&self, access: &Access, req: &pb::ChangeStatusRequest) -> Result<pb::SavedResponse, Error> {
        let user_id = model::check_user_id(req.user_id)?;
        if req.status.trim().is_empty() {
            return Err(Error::bad_request(Msg::StatusInvalid));
        }
        let status = parse_status(&req.status)?;
        let scope = self.scope(access).await?;
        let revoked = store::change_status(&self.shared.pool, &scope, user_id, status, &Self::grantor(access))
            .await?
            .ok_or_else(|| Error::not_found(Msg::UserNotFound))?;
        self.shared.forget_user_counts();
        sessions::end(&self.shared, &revoked).await?;
        self.shared.forget_user(user_id).await;
        Ok(pb::SavedResponse {})
    }

    async fn export(&self, access: &Access, req: &pb::ListUsersRequest) -> Result<pb::FileResponse, Error> {
        let (scope, index) = self.scope_and_index(access).await?;
        let filter = filter_of(req, &index)?;
        let rows = store::list_all(&self.shared.pool, &scope, &filter, MAX_EXPORT_ROWS).await?;
        let lang = access.lang();
        let content = self
            .shared
            .blocking
            .run(move || {
                let (headers, sheet) = export_columns(lang);
                let cells: Vec<Vec<String>> = rows.iter().map(|row| export_row(row, &index, lang)).collect();
                workbook::write_sheet(sheet, &headers, &cells)
            })
            .await?
            .map_err(Error::internal)?;
        Ok(pb::FileResponse { file_name: format!("user_{}.xlsx", chrono::Utc::now().timestamp_millis()), content })
    }

    async fn template(&self, access: &Access) -> Result<pb::FileResponse, Error> {
        let lang = access.lang();
        let content = self.shared.blocking.run(move || workbook::template(lang)).await?.map_err(Error::internal)?;
        let file_name = if lang == Lang::En { "user_template.xlsx" } else { "用户导入模板.xlsx" };
        Ok(pb::FileResponse { file_name: file_name.to_owned(), content })
    }

    /// All or nothing: every row is checked first, and any bad row is reported (with its
    /// row number) while nothing is written. Then one transaction adds and updates.
    async fn import(&self, access: &Access, req: pb::ImportUsersRequest) -> Result<pb::ImportUsersResponse, Error> {
        let started = Instant::now();
        let lang = access.lang();
        let (file_name, content) = (req.file_name, req.content);
        let rows = self.shared.blocking.run(move || workbook::read_import(&file_name, &content)).await??;
        let mut tx = self.shared.pool.begin().await?;
        let names: Vec<String> = rows.iter().map(|r| r.user_name.trim().to_owned()).collect();
        let existing: HashMap<String, i64> = store::existing_accounts(&mut tx, &names).await?.into_iter().collect();
        let dept_ids: Vec<i64> = rows.iter().filter_map(|r| r.dept_id.trim().parse().ok()).collect();
        let depts: HashSet<i64> = store::existing_depts(&mut tx, &dept_ids).await?.into_iter().collect();

        let mut failures = Vec::new();
        let mut checked: Vec<(u32, UserDraft, Option<i64>, String)> = Vec::new();
        let mut seen = HashSet::new();
        for row in &rows {
            match self.check_row(row, &existing, &depts, &mut seen, req.update_support) {
                Ok((draft, existing_id)) => checked.push((row.row, draft, existing_id, row.password.clone())),
                Err(msg) => failures.push(failure(row.row, &row.user_name, &msg, lang)),
            }
        }
        if !failures.is_empty() {
            return Ok(pb::ImportUsersResponse { created: 0, updated: 0, failures });
        }

        // Hash the new passwords on every worker of the blocking pool.
        let workers = self.shared.blocking.available().max(1);
        let passwords: Vec<(usize, String)> =
            checked.iter().enumerate().filter(|(_, c)| !c.3.is_empty()).map(|(i, c)| (i, c.3.clone())).collect();
        let chunk = passwords.len().div_ceil(workers).max(1);
        let jobs = passwords.chunks(chunk).map(|part| {
            let part = part.to_vec();
            self.shared.blocking.run(move || {
                part.into_iter().map(|(i, p)| hash_password(&p).map(|h| (i, h))).collect::<anyhow::Result<Vec<_>>>()
            })
        });
        let mut hashes: HashMap<usize, String> = HashMap::new();
        for done in futures::future::join_all(jobs).await {
            hashes.extend(done?.map_err(Error::internal)?);
        }

        let grantor = Self::grantor(access);
        let scope = self.scope(access).await?;
        let (mut created, mut updated, mut revoked) = (0, 0, Vec::new());
        for (index, (row, draft, existing_id, _)) in checked.iter().enumerate() {
            let written = match existing_id {
                None => {
                    let hash = hashes.get(&index).map(String::as_str).unwrap_or_default();
                    store::insert(&mut tx, draft, hash, &grantor).await.map(|_| created += 1)
                }
                Some(user_id) => {
                    let hash = hashes.get(&index).map(String::as_str);
                    store::import_update(&mut tx, &scope, *user_id, draft, hash, &grantor).await.map(|ended| {
                        updated += 1;
                        revoked.extend(ended);
                    })
                }
            };
            if let Err(err) = written {
                // The transaction is dropped: nothing is written. Faults stay faults.
                if err.code.is_fault() {
                    return Err(err);
                }
                let msg = err.msg.clone();
                return Ok(pb::ImportUsersResponse {
                    created: 0,
                    updated: 0,
                    failures: vec![failure(*row, &draft.user_name, &msg, lang)],
                });
            }
        }
        tx.commit().await?;
        self.shared.forget_user_counts();
        sessions::end(&self.shared, &revoked).await?;
        tracing::info!(
            created,
            updated,
            rows = rows.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            by = access.user_name(),
            "users imported"
        );
        Ok(pb::ImportUsersResponse { created, updated, failures: Vec::new() })
    }

    /// One imported row, checked like the form: the user, and the id it updates.
    fn check_row(
        &self,
        row: &ImportRow,
        existing: &HashMap<String, i64>,
        depts: &HashSet<i64>,
        seen: &mut HashSet<String>,
        update_support: bool,
    ) -> Result<(UserDraft, Option<i64>), Msg> {
        let dept_id = match row.dept_id.trim() {
            "" => 0,
            text => text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(Msg::DeptIdInvalid)?,
        };
        let raw = RawUser {
            dept_id,
            user_name: &row.user_name,
            nick_name: &row.nick_name,
            phonenumber: &row.phonenumber,
            email: &row.email,
            sex: &row.sex,
            status: &row.status,
            remark: &row.remark,
            ..RawUser::default()
        };
        let draft = UserDraft::parse(&raw)?;
        if dept_id != 0 && !depts.contains(&dept_id) {
            return Err(Msg::DeptNotFound);
        }
        if !seen.insert(draft.user_name.clone()) {
            return Err(Msg::ImportDuplicateInFile);
        }
        let existing_id = existing.get(&draft.user_name).copied();
        match existing_id {
            Some(_) if !update_support => return Err(Msg::UserExists { name: draft.user_name }),
            Some(_) if row.password.is_empty() => {}
            _ => model::check_password(&row.password, &self.shared.password_policy)?,
        }
        Ok((draft, existing_id))
    }
}

fn failure(row: u32, user_name: &str, msg: &Msg, lang: Lang) -> pb::ImportFailure {
    pb::ImportFailure { row: i64::from(row), user_name: user_name.to_owned(), msg: msg.text(lang) }
}

/// The list's filters; the organization filter is the chosen node and every node under it.
fn filter_of(req: &pb::ListUsersRequest, index: &DeptIndex) -> Result<UserFilter, Error> {
    let status = match req.status.trim() {
        "" => "",
        other => parse_status(other)?,
    };
    let time = |ms: i64| if ms > 0 { DateTime::from_timestamp_millis(ms) } else { None };
    Ok(UserFilter {
        user_name: req.user_name.trim().to_owned(),
        phonenumber: req.phonenumber.trim().to_owned(),
        status: status.to_owned(),
        dept_ids: (req.dept_id > 0).then(|| index.subtrees(&[req.dept_id])),
        created_from: time(req.begin_time_ms),
        created_before: time(req.end_time_ms),
    })
}

fn raw_user(input: &pb::UserInput) -> RawUser<'_> {
    RawUser {
        dept_id: input.dept_id,
        user_name: &input.user_name,
        nick_name: &input.nick_name,
        phonenumber: &input.phonenumber,
        email: &input.email,
        sex: &input.sex,
        status: &input.status,
        remark: &input.remark,
        role_ids: &input.role_ids,
        all_projects: &input.all_projects,
        project_ids: &input.project_ids,
        qualifications: input.qualifications.iter().map(|q| (q.code.as_str(), q.name.as_str())).collect(),
    }
}

/// A row for the list, named with its organization from the index.
fn row_pb(row: UserListRow, index: &DeptIndex) -> pb::UserRow {
    let dept = row.dept_id.and_then(|id| index.node(id));
    pb::UserRow {
        user_id: row.user_id,
        dept_id: row.dept_id.unwrap_or(0),
        user_name: row.user_name,
        nick_name: row.nick_name,
        email: row.email,
        phonenumber: row.phonenumber,
        sex: row.sex,
        avatar: row.avatar,
        status: row.status,
        login_ip: row.login_ip,
        login_date_ms: row.login_date.map_or(0, |t| t.timestamp_millis()),
        create_time_ms: row.created_at.timestamp_millis(),
        remark: row.remark,
        dept_name: dept.map(|d| d.name.clone()).unwrap_or_default(),
        dept_leader: dept.map(|d| d.leader.clone()).unwrap_or_default(),
        all_projects: row.all_projects,
    }
}

fn export_columns(lang: Lang) -> (Vec<&'static str>, &'static str) {
    if lang == Lang::En {
        (
            vec![
                "User id",
                "Account",
                "Name",
                "Organization",
                "Phone",
                "Email",
                "Gender",
                "Status",
                "Last login IP",
                "Last login time",
                "Created",
                "Remark",
            ],
            "Users",
        )
    } else {
        (
            vec![
                "用户编号",
                "登录账号",
                "用户姓名",
                "所属组织",
                "手机号码",
                "用户邮箱",
                "用户性别",
                "账号状态",
                "最后登录IP",
                "最后登录时间",
                "创建时间",
                "备注",
            ],
            "用户数据",
        )
    }
}

fn export_row(row: &UserListRow, index: &DeptIndex, lang: Lang) -> Vec<String> {
    let en = lang == Lang::En;
    let sex = match (row.sex.as_str(), en) {
        ("0", false) => "男",
        ("1", false) => "女",
        (_, false) => "未知",
        ("0", true) => "Male",
        ("1", true) => "Female",
        (_, true) => "Unknown",
    };
    let status = match (row.status.as_str(), en) {
        ("0", false) => "正常",
        (_, false) => "停用",
        ("0", true) => "Normal",
        (_, true) => "Disabled",
    };
    let time =
        |t: chrono::DateTime<chrono::Utc>| t.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M:%S").to_string();
    vec![
        row.user_id.to_string(),
        row.user_name.clone(),
        row.nick_name.clone(),
        row.dept_id.and_then(|id| index.node(id)).map(|d| d.name.clone()).unwrap_or_default(),
        row.phonenumber.clone(),
        row.email.clone(),
        sex.to_owned(),
        status.to_owned(),
        row.login_ip.clone(),
        row.login_date.map(time).unwrap_or_default(),
        time(row.created_at),
        row.remark.clone(),
    ]
}
