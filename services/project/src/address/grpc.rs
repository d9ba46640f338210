//! Addresses over gRPC: each method authorizes (inside the selected project), calls its
//! inner function and maps the error once. Wire types are converted here, rules live in
//! the model, transactions in the store.

use std::collections::HashMap;

use lumiscape_common::access::{InProject, authorize};
use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::project::address;
use lumiscape_common::service::Context;
use lumiscape_common::tree::{TreeNode, build_tree};
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::project::v1 as pb;
use lumiscape_proto::project::v1::address_service_server::AddressService;
use tonic::{Request, Response, Status};

use super::model::{self, AddressDraft, RawAddress};
use super::store::{self, AddressRow};

pub struct AddressApi {
    shared: Context,
}

impl AddressApi {
    pub fn new(shared: Context) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl AddressService for AddressApi {
    async fn list_addresses(&self, request: Request<pb::ListAddressesRequest>) -> Reply<pb::ListAddressesResponse> {
        let access = authorize(&self.shared.auth, &request, &[address::LIST]).await?;
        self.list(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn get_address(&self, request: Request<pb::AddressIdRequest>) -> Reply<pb::Address> {
        let access = authorize(&self.shared.auth, &request, &[address::QUERY]).await?;
        self.get(&access, request.get_ref().address_id).await.reply(access.lang())
    }

    async fn get_address_path(&self, request: Request<pb::AddressIdRequest>) -> Reply<pb::AddressPath> {
        let access = authorize(&self.shared.auth, &request, &[address::QUERY]).await?;
        self.path(&access, request.get_ref().address_id).await.reply(access.lang())
    }

    async fn add_address(&self, request: Request<pb::AddressInput>) -> Reply<pb::SaveAddressResponse> {
        let access = authorize(&self.shared.auth, &request, &[address::ADD]).await?;
        self.add(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn edit_address(&self, request: Request<pb::AddressInput>) -> Reply<pb::SaveAddressResponse> {
        let access = authorize(&self.shared.auth, &request, &[address::EDIT]).await?;
        self.edit(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn remove_address(&self, request: Request<pb::AddressIdRequest>) -> Reply<pb::SaveAddressResponse> {
        let access = authorize(&self.shared.auth, &request, &[address::REMOVE]).await?;
        self.remove(&access, request.get_ref().address_id).await.reply(access.lang())
    }

    async fn address_tree(&self, request: Request<pb::AddressTreeRequest>) -> Reply<pb::AddressTreeResponse> {
        let access = authorize(&self.shared.auth, &request, &[address::LIST]).await?;
        self.tree(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn has_children(&self, request: Request<pb::AddressIdRequest>) -> Reply<pb::HasChildrenResponse> {
        let access = authorize(&self.shared.auth, &request, &[address::QUERY]).await?;
        self.children(&access, request.get_ref().address_id).await.reply(access.lang())
    }
}

impl AddressApi {
    /// An address of the selected project, or NotFound.
    async fn address(&self, access: &InProject, address_id: i64) -> Result<AddressRow, Error> {
        let address_id = model::check_address_id(address_id)?;
        store::find(&self.shared.pool, access.project_id, address_id)
            .await?
            .ok_or_else(|| Error::not_found(Msg::AddressNotFound))
    }

    async fn list(
        &self,
        access: &InProject,
        req: &pb::ListAddressesRequest,
    ) -> Result<pb::ListAddressesResponse, Error> {
        let name = model::check_filter(&req.address_name)?;
        if req.parent_id.is_some_and(|id| id < 0) {
            return Err(Error::bad_request(Msg::AddressIdInvalid));
        }
        let rows = store::list(&self.shared.pool, access.project_id, name, req.parent_id).await?;
        Ok(pb::ListAddressesResponse { addresses: rows.iter().map(address_pb).collect() })
    }

    async fn get(&self, access: &InProject, address_id: i64) -> Result<pb::Address, Error> {
        Ok(address_pb(&self.address(access, address_id).await?))
    }

    async fn path(&self, access: &InProject, address_id: i64) -> Result<pb::AddressPath, Error> {
        let row = self.address(access, address_id).await?;
        let ids: Vec<i64> = model::ancestor_ids(&row.ancestors).filter(|id| *id > 0).collect();
        let names: HashMap<i64, String> =
            store::names(&self.shared.pool, access.project_id, &ids).await?.into_iter().collect();
        let mut path: Vec<pb::AddressPathStep> = ids
            .iter()
            .filter_map(|id| names.get(id).map(|name| pb::AddressPathStep { id: *id, name: name.clone() }))
            .collect();
        path.push(pb::AddressPathStep { id: row.address_id, name: row.address_name.clone() });
        Ok(pb::AddressPath { address: Some(address_pb(&row)), path })
    }

    async fn add(&self, access: &InProject, input: &pb::AddressInput) -> Result<pb::SaveAddressResponse, Error> {
        let draft = AddressDraft::parse(&raw_address(input))?;
        let address_id = store::insert(&self.shared.pool, access.project_id, &draft, access.user_name()).await?;
        tracing::info!(address_id, parent = draft.parent_id, project = access.project_id, "address added");
        Ok(pb::SaveAddressResponse { address_id })
    }

    async fn edit(&self, access: &InProject, input: &pb::AddressInput) -> Result<pb::SaveAddressResponse, Error> {
        let address_id = model::check_address_id(input.address_id)?;
        let draft = AddressDraft::parse(&raw_address(input))?;
        if !store::update(&self.shared.pool, access.project_id, address_id, &draft, access.user_name()).await? {
            return Err(Error::not_found(Msg::AddressNotFound));
        }
        Ok(pb::SaveAddressResponse { address_id })
    }

    async fn remove(&self, access: &InProject, address_id: i64) -> Result<pb::SaveAddressResponse, Error> {
        let address_id = model::check_address_id(address_id)?;
        if !store::delete(&self.shared.pool, access.project_id, address_id).await? {
            return Err(Error::not_found(Msg::AddressNotFound));
        }
        tracing::info!(address_id, project = access.project_id, "address deleted");
        Ok(pb::SaveAddressResponse { address_id })
    }

    /// The tree of `project_id` (0: the selected project). Another project must be one the
    /// caller may open; one it may not is answered as absent.
    /// The tree, or `unchanged` when the caller's `known_version` is still its version.
    async fn tree(&self, access: &InProject, req: &pb::AddressTreeRequest) -> Result<pb::AddressTreeResponse, Error> {
        let project_id = match req.project_id {
            0 => access.project_id,
            id if id < 0 => return Err(Error::bad_request(Msg::ProjectIdInvalid)),
            id if id == access.project_id => id,
            id => {
                if !access.caller.may_access_project(id) || !store::project_exists(&self.shared.pool, id).await? {
                    return Err(Error::not_found(Msg::ProjectNotFound));
                }
                id
            }
        };
        let version = store::tree_version(&self.shared.pool, project_id).await?;
        if req.known_version != 0 && req.known_version == version {
            return Ok(pb::AddressTreeResponse { nodes: Vec::new(), project_id, version, unchanged: true });
        }
        let nodes = store::nodes(&self.shared.pool, project_id).await?;
        let nodes = build_tree(&nodes).into_iter().map(node_pb).collect();
        Ok(pb::AddressTreeResponse { nodes, project_id, version, unchanged: false })
    }

    async fn children(&self, access: &InProject, address_id: i64) -> Result<pb::HasChildrenResponse, Error> {
        let row = self.address(access, address_id).await?;
        Ok(pb::HasChildrenResponse { has_children: row.has_children })
    }
}

fn raw_address(input: &pb::AddressInput) -> RawAddress<'_> {
    RawAddress {
        parent_id: input.parent_id,
        address_name: &input.address_name,
        order_num: input.order_num,
        remark: &input.remark,
    }
}

fn address_pb(row: &AddressRow) -> pb::Address {
    pb::Address {
        address_id: row.address_id,
        project_id: row.project_id,
        parent_id: row.parent_id,
        ancestors: row.ancestors.clone(),
        address_name: row.address_name.clone(),
        order_num: row.order_num,
        remark: row.remark.clone(),
        create_by: row.created_by.clone(),
        create_time_ms: row.created_at.timestamp_millis(),
        update_by: row.updated_by.clone(),
        update_time_ms: row.updated_at.timestamp_millis(),
        has_children: row.has_children,
    }
}

fn node_pb(node: TreeNode) -> pb::AddressNode {
    pb::AddressNode {
        id: node.id,
        parent_id: node.parent_id,
        name: node.name,
        children: node.children.into_iter().map(node_pb).collect(),
    }
}
