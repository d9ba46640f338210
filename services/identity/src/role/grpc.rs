//! Roles over gRPC: each method authorizes, calls its inner function and maps the error
//! once. After a change, the sessions of the role's users follow at once.

use chrono::DateTime;
use lumiscape_common::access::{Access, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use lumiscape_common::permission::system::role;
use lumiscape_common::{Error, Lang, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::role_service_server::RoleService;
use tonic::{Request, Response, Status};

use super::model::{self, RawRole, RoleDraft};
use super::store::{self, RoleFilter, RoleRow};
use crate::Shared;
use crate::dept::grpc::node_pb;
use crate::dept::model::{TreeNode, build_tree, parse_status};
use crate::user::{sessions, workbook};

pub struct RoleApi {
    shared: Shared,
}

impl RoleApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

/// The trees a role form shows: for anyone who may read, add or edit roles.
const FORM: &[&str] = &[role::QUERY, role::ADD, role::EDIT];

#[tonic::async_trait]
impl RoleService for RoleApi {
    async fn list_roles(&self, request: Request<pb::ListRolesRequest>) -> Reply<pb::ListRolesResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::LIST]).await?;
        self.list(request.get_ref()).await.reply(access.lang())
    }

    async fn get_role(&self, request: Request<pb::RoleIdRequest>) -> Reply<pb::Role> {
        let access = authorize_global(&self.shared.auth, &request, &[role::QUERY]).await?;
        self.get(request.get_ref().role_id).await.reply(access.lang())
    }

    async fn add_role(&self, request: Request<pb::RoleInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::ADD]).await?;
        self.add(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn edit_role(&self, request: Request<pb::RoleInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::EDIT]).await?;
        self.edit(request.get_ref()).await.reply(access.lang())
    }

    async fn remove_roles(&self, request: Request<pb::RemoveRolesRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::REMOVE]).await?;
        self.remove(&request.get_ref().role_ids).await.reply(access.lang())
    }

    async fn change_role_status(&self, request: Request<pb::ChangeRoleStatusRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::EDIT]).await?;
        self.set_status(request.get_ref()).await.reply(access.lang())
    }

    async fn set_data_scope(&self, request: Request<pb::DataScopeInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::EDIT]).await?;
        self.data_scope(request.get_ref()).await.reply(access.lang())
    }

    async fn role_menu_tree(&self, request: Request<pb::RoleIdRequest>) -> Reply<pb::CheckedTreeResponse> {
        let access = authorize_global(&self.shared.auth, &request, FORM).await?;
        self.menu_tree(&access, request.get_ref().role_id).await.reply(access.lang())
    }

    async fn role_dept_tree(&self, request: Request<pb::RoleIdRequest>) -> Reply<pb::CheckedTreeResponse> {
        let access = authorize_global(&self.shared.auth, &request, FORM).await?;
        self.dept_tree(request.get_ref().role_id).await.reply(access.lang())
    }

    async fn export_roles(&self, request: Request<pb::ListRolesRequest>) -> Reply<pb::FileResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[role::EXPORT]).await?;
        self.export(&access, request.get_ref()).await.reply(access.lang())
    }
}

impl RoleApi {
    async fn list(&self, req: &pb::ListRolesRequest) -> Result<pb::ListRolesResponse, Error> {
        let page = Page::of(req.page_num, req.page_size);
        let (rows, total) = store::list(&self.shared.pool, &filter_of(req)?, Some(page)).await?;
        Ok(pb::ListRolesResponse { rows: rows.iter().map(role_pb).collect(), total })
    }

    async fn get(&self, role_id: i64) -> Result<pb::Role, Error> {
        let role_id = model::check_role_id(role_id)?;
        let row = store::find(&self.shared.pool, role_id).await?.ok_or_else(|| Error::not_found(Msg::RoleNotFound))?;
        Ok(role_pb(&row))
    }

    async fn add(&self, access: &Access, input: &pb::RoleInput) -> Result<pb::SavedResponse, Error> {
        let draft = RoleDraft::parse(&raw_role(input))?;
        let role_id = store::insert(&self.shared.pool, &draft).await?;
        tracing::info!(role_id, by = access.user_name(), "role added");
        Ok(pb::SavedResponse {})
    }

    async fn edit(&self, input: &pb::RoleInput) -> Result<pb::SavedResponse, Error> {
        let role_id = model::check_role_id(input.role_id)?;
        let draft = RoleDraft::parse(&raw_role(input))?;
        if !store::update(&self.shared.pool, role_id, &draft).await? {
            return Err(Error::not_found(Msg::RoleNotFound));
        }
        self.follow(&[role_id]).await
    }

    async fn remove(&self, role_ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        let ids = model::check_role_ids(role_ids)?;
        // Only roles nobody holds are deleted, so no session changes.
        if !store::delete(&self.shared.pool, &ids).await? {
            return Err(Error::not_found(Msg::RoleNotFound));
        }
        Ok(pb::SavedResponse {})
    }

    async fn set_status(&self, req: &pb::ChangeRoleStatusRequest) -> Result<pb::SavedResponse, Error> {
        let role_id = model::check_role_id(req.role_id)?;
        if req.status.trim().is_empty() {
            return Err(Error::bad_request(Msg::StatusInvalid));
        }
        let status = parse_status(&req.status)?;
        if !store::change_status(&self.shared.pool, role_id, status).await? {
            return Err(Error::not_found(Msg::RoleNotFound));
        }
        self.follow(&[role_id]).await
    }

    async fn data_scope(&self, req: &pb::DataScopeInput) -> Result<pb::SavedResponse, Error> {
        let role_id = model::check_role_id(req.role_id)?;
        let scope = model::parse_data_scope(&req.data_scope)?;
        let strictly = model::parse_switch(&req.dept_check_strictly)?;
        if req.dept_ids.len() > model::MAX_MENUS || req.dept_ids.iter().any(|&id| id <= 0) {
            return Err(Error::bad_request(Msg::DeptNotFound));
        }
        let mut depts = req.dept_ids.clone();
        depts.sort_unstable();
        depts.dedup();
        if !store::set_data_scope(&self.shared.pool, role_id, scope, &depts, strictly).await? {
            return Err(Error::not_found(Msg::RoleNotFound));
        }
        Ok(pb::SavedResponse {})
    }

    /// The sessions of the roles' users take their new permissions.
    async fn follow(&self, role_ids: &[i64]) -> Result<pb::SavedResponse, Error> {
        for user_id in store::holders(&self.shared.pool, role_ids).await? {
            sessions::refresh(&self.shared, user_id).await?;
        }
        Ok(pb::SavedResponse {})
    }

    async fn menu_tree(&self, access: &Access, role_id: i64) -> Result<pb::CheckedTreeResponse, Error> {
        let nodes = store::menu_nodes(&self.shared.pool, access.lang() == Lang::En).await?;
        let checked_keys = if role_id > 0 {
            let role =
                store::find(&self.shared.pool, role_id).await?.ok_or_else(|| Error::not_found(Msg::RoleNotFound))?;
            let granted = store::menu_ids(&self.shared.pool, role_id).await?;
            model::checked_keys(&granted, &nodes, role.menu_check_strictly)
        } else {
            Vec::new()
        };
        Ok(pb::CheckedTreeResponse { nodes: tree_pb(build_tree(&nodes)), checked_keys })
    }

    async fn dept_tree(&self, role_id: i64) -> Result<pb::CheckedTreeResponse, Error> {
        let role_id = model::check_role_id(role_id)?;
        let role = store::find(&self.shared.pool, role_id).await?.ok_or_else(|| Error::not_found(Msg::RoleNotFound))?;
        let nodes = store::dept_nodes(&self.shared.pool).await?;
        let granted = store::dept_ids(&self.shared.pool, role_id).await?;
        let checked_keys = model::checked_keys(&granted, &nodes, role.dept_check_strictly);
        Ok(pb::CheckedTreeResponse { nodes: tree_pb(build_tree(&nodes)), checked_keys })
    }

    async fn export(&self, access: &Access, req: &pb::ListRolesRequest) -> Result<pb::FileResponse, Error> {
        let (rows, _) = store::list(&self.shared.pool, &filter_of(req)?, None).await?;
        let lang = access.lang();
        let content = self
            .shared
            .blocking
            .run(move || {
                let en = lang == Lang::En;
                let headers: &[&str] = if en {
                    &["Role id", "Role name", "Role key", "Order", "Data scope", "Status", "Created"]
                } else {
                    &["角色编号", "角色名称", "权限字符", "显示顺序", "数据权限", "角色状态", "创建时间"]
                };
                let cells: Vec<Vec<String>> = rows.iter().map(|r| export_row(r, en)).collect();
                workbook::write_sheet(if en { "Roles" } else { "角色数据" }, headers, &cells)
            })
            .await?
            .map_err(Error::internal)?;
        Ok(pb::FileResponse { file_name: format!("role_{}.xlsx", chrono::Utc::now().timestamp_millis()), content })
    }
}

fn export_row(row: &RoleRow, en: bool) -> Vec<String> {
    let scope = match (row.data_scope.as_str(), en) {
        ("1", false) => "全部数据权限",
        ("2", false) => "自定义组织数据权限",
        (_, false) => "项目数据权限",
        ("1", true) => "All",
        ("2", true) => "Custom organizations",
        (_, true) => "Project",
    };
    let status = match (row.status.as_str(), en) {
        ("0", false) => "正常",
        (_, false) => "停用",
        ("0", true) => "Normal",
        (_, true) => "Disabled",
    };
    vec![
        row.role_id.to_string(),
        row.role_name.clone(),
        row.role_key.clone(),
        row.role_sort.to_string(),
        scope.to_owned(),
        status.to_owned(),
        row.created_at.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M:%S").to_string(),
    ]
}

fn filter_of(req: &pb::ListRolesRequest) -> Result<RoleFilter, Error> {
    let status = match req.status.trim() {
        "" => "",
        other => parse_status(other)?,
    };
    let time = |ms: i64| if ms > 0 { DateTime::from_timestamp_millis(ms) } else { None };
    Ok(RoleFilter {
        role_name: req.role_name.trim().to_owned(),
        role_key: req.role_key.trim().to_owned(),
        status: status.to_owned(),
        created_from: time(req.begin_time_ms),
        created_before: time(req.end_time_ms),
    })
}

fn raw_role(input: &pb::RoleInput) -> RawRole<'_> {
    RawRole {
        role_name: &input.role_name,
        role_key: &input.role_key,
        role_sort: input.role_sort,
        status: &input.status,
        menu_ids: &input.menu_ids,
        menu_check_strictly: &input.menu_check_strictly,
        dept_check_strictly: &input.dept_check_strictly,
        remark: &input.remark,
    }
}

fn role_pb(row: &RoleRow) -> pb::Role {
    pb::Role {
        role_id: row.role_id,
        role_name: row.role_name.clone(),
        role_key: row.role_key.clone(),
        role_sort: row.role_sort,
        data_scope: row.data_scope.clone(),
        menu_check_strictly: row.menu_check_strictly,
        dept_check_strictly: row.dept_check_strictly,
        status: row.status.clone(),
        remark: row.remark.clone(),
        create_time_ms: row.created_at.timestamp_millis(),
    }
}

fn tree_pb(nodes: Vec<TreeNode>) -> Vec<pb::DeptNode> {
    nodes.into_iter().map(node_pb).collect()
}
