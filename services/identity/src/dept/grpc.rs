//! The organization over gRPC: each method authorizes, calls its inner function and maps
//! the error once. System administration works outside projects (`authorize_global`).

use lumiscape_common::access::{Access, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::system::{dept, user};
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::organization_service_server::OrganizationService;
use tonic::{Request, Response, Status};

use super::model::{self, DeptDraft, RawDept, TreeNode};
use super::store::{self, DeptRow};
use crate::Shared;
use crate::user::grpc::caller_scope;

pub struct OrganizationApi {
    shared: Shared,
}

impl OrganizationApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl OrganizationService for OrganizationApi {
    async fn list_depts(&self, request: Request<pb::ListDeptsRequest>) -> Reply<pb::ListDeptsResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dept::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn list_depts_excluding(&self, request: Request<pb::DeptIdRequest>) -> Reply<pb::ListDeptsResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dept::LIST]).await?;
        self.list_excluding(&access, request.get_ref().dept_id).await.reply(access.lang())
    }

    async fn get_dept(&self, request: Request<pb::DeptIdRequest>) -> Reply<pb::Dept> {
        let access = authorize_global(&self.shared.auth, &request, &[dept::QUERY]).await?;
        self.get(&access, request.get_ref().dept_id).await.reply(access.lang())
    }

    async fn dept_tree(&self, request: Request<pb::DeptTreeRequest>) -> Reply<pb::DeptTreeResponse> {
        // The user screen's left pane and every organization picker.
        let access = authorize_global(&self.shared.auth, &request, &[user::LIST, dept::LIST]).await?;
        self.tree(&access).await.reply(access.lang())
    }

    async fn add_dept(&self, request: Request<pb::DeptInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dept::ADD]).await?;
        self.add(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn edit_dept(&self, request: Request<pb::DeptInput>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dept::EDIT]).await?;
        self.edit(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn remove_dept(&self, request: Request<pb::DeptIdRequest>) -> Reply<pb::SavedResponse> {
        let access = authorize_global(&self.shared.auth, &request, &[dept::REMOVE]).await?;
        self.remove(&access, request.get_ref().dept_id).await.reply(access.lang())
    }
}

impl OrganizationApi {
    /// The nodes the caller's data scope shows (`None`: every node).
    async fn visible(&self, access: &Access) -> Result<Option<Vec<i64>>, Error> {
        let scope = caller_scope(&self.shared, access).await?;
        Ok(scope.visible_depts().map(<[i64]>::to_vec))
    }

    /// A node the caller may see, or NotFound.
    async fn node(&self, visible: Option<&[i64]>, dept_id: i64) -> Result<DeptRow, Error> {
        let dept_id = model::check_dept_id(dept_id)?;
        store::find(&self.shared.pool, visible, dept_id).await?.ok_or_else(|| Error::not_found(Msg::DeptNotFound))
    }

    /// A parent the caller may place a node under: the root only with every node in scope.
    async fn check_parent(&self, visible: Option<&[i64]>, parent_id: i64) -> Result<(), Error> {
        match (parent_id, visible) {
            (0, None) => Ok(()),
            (0, Some(_)) => Err(Error::bad_request(Msg::DeptParentNotFound)),
            (id, _) => match store::find(&self.shared.pool, visible, id).await? {
                Some(_) => Ok(()),
                None => Err(Error::bad_request(Msg::DeptParentNotFound)),
            },
        }
    }

    async fn list(&self, access: &Access, req: &pb::ListDeptsRequest) -> Result<pb::ListDeptsResponse, Error> {
        let status = match req.status.trim() {
            "" => "",
            other => model::parse_status(other)?,
        };
        let visible = self.visible(access).await?;
        let rows = store::list(&self.shared.pool, visible.as_deref(), req.dept_name.trim(), status).await?;
        Ok(pb::ListDeptsResponse { depts: rows.iter().map(dept_pb).collect() })
    }

    async fn list_excluding(&self, access: &Access, dept_id: i64) -> Result<pb::ListDeptsResponse, Error> {
        let visible = self.visible(access).await?;
        // The node must be one the caller sees: its parents are asked for.
        let node = self.node(visible.as_deref(), dept_id).await?;
        let rows = store::list_excluding(&self.shared.pool, visible.as_deref(), node.dept_id).await?;
        Ok(pb::ListDeptsResponse { depts: rows.iter().map(dept_pb).collect() })
    }

    async fn get(&self, access: &Access, dept_id: i64) -> Result<pb::Dept, Error> {
        let visible = self.visible(access).await?;
        Ok(dept_pb(&self.node(visible.as_deref(), dept_id).await?))
    }

    async fn tree(&self, access: &Access) -> Result<pb::DeptTreeResponse, Error> {
        let visible = self.visible(access).await?;
        let nodes = store::enabled_nodes(&self.shared.pool, visible.as_deref()).await?;
        Ok(pb::DeptTreeResponse { nodes: model::build_tree(&nodes).into_iter().map(node_pb).collect() })
    }

    /// After a committed change of the tree: this replica forgets its organization index at
    /// once (the others when the relay delivers the clearing), and the user list's totals,
    /// since a move changes who is under the nodes it filters by.
    fn changed(&self) {
        self.shared.outbox.wake();
        self.shared.forget_depts();
        self.shared.forget_user_counts();
    }

    async fn add(&self, access: &Access, input: &pb::DeptInput) -> Result<pb::SavedResponse, Error> {
        let draft = DeptDraft::parse(&raw_dept(input))?;
        let visible = self.visible(access).await?;
        self.check_parent(visible.as_deref(), draft.parent_id).await?;
        let dept_id = store::insert(&self.shared.pool, &self.shared.streams, &draft).await?;
        self.changed();
        tracing::info!(dept_id, parent = draft.parent_id, by = access.user_name(), "organization added");
        Ok(pb::SavedResponse {})
    }

    async fn edit(&self, access: &Access, input: &pb::DeptInput) -> Result<pb::SavedResponse, Error> {
        let draft = DeptDraft::parse(&raw_dept(input))?;
        let visible = self.visible(access).await?;
        let node = self.node(visible.as_deref(), input.dept_id).await?;
        self.check_parent(visible.as_deref(), draft.parent_id).await?;
        if !store::update(&self.shared.pool, &self.shared.streams, node.dept_id, &draft).await? {
            return Err(Error::not_found(Msg::DeptNotFound));
        }
        self.changed();
        Ok(pb::SavedResponse {})
    }

    async fn remove(&self, access: &Access, dept_id: i64) -> Result<pb::SavedResponse, Error> {
        let visible = self.visible(access).await?;
        let node = self.node(visible.as_deref(), dept_id).await?;
        if !store::delete(&self.shared.pool, &self.shared.streams, node.dept_id).await? {
            return Err(Error::not_found(Msg::DeptNotFound));
        }
        self.changed();
        tracing::info!(dept_id, by = access.user_name(), "organization deleted");
        Ok(pb::SavedResponse {})
    }
}

fn raw_dept(input: &pb::DeptInput) -> RawDept<'_> {
    RawDept {
        parent_id: input.parent_id,
        dept_name: &input.dept_name,
        dept_code: &input.dept_code,
        dept_type: &input.dept_type,
        order_num: input.order_num,
        leader: &input.leader,
        phone: &input.phone,
        email: &input.email,
        status: &input.status,
    }
}

fn dept_pb(row: &DeptRow) -> pb::Dept {
    pb::Dept {
        dept_id: row.dept_id,
        parent_id: row.parent_id,
        ancestors: row.ancestors.clone(),
        dept_name: row.dept_name.clone(),
        dept_code: row.dept_code.clone(),
        dept_type: row.dept_type.clone(),
        order_num: row.order_num,
        leader: row.leader.clone(),
        phone: row.phone.clone(),
        email: row.email.clone(),
        status: row.status.clone(),
        create_time_ms: row.created_at.timestamp_millis(),
    }
}

/// A node of a drawn tree (organization, menus) on the wire.
pub(crate) fn node_pb(node: TreeNode) -> pb::DeptNode {
    pb::DeptNode { id: node.id, label: node.name, children: node.children.into_iter().map(node_pb).collect() }
}
