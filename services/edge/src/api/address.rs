//! A project's addresses (`/project/address`, spec section 7): the handlers only reshape;
//! every rule and message is the project service's. Shapes: docs/api-compatibility.md.

use axum::Extension;
use axum::extract::{Path, State};
use lumiscape_common::i18n::Msg;
use lumiscape_common::{ErrorCode, Lang};
use lumiscape_proto::project::v1 as pb;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::convert::{id, local_time, number, path_id, project_or_selected, text, whole};
use crate::envelope::{ApiError, ApiJson, ApiQuery, ApiResult, WrittenData, call, ok_data, ok_with, ok_written};
use crate::request::RequestInfo;
use crate::state::EdgeState;

fn address_json(address: &pb::Address) -> Value {
    json!({
        "id": address.address_id,
        "addressId": address.address_id,
        "projectId": address.project_id,
        "parentId": address.parent_id,
        "ancestors": address.ancestors,
        "addressName": address.address_name,
        "orderNum": address.order_num,
        "remark": address.remark,
        "hasChildren": address.has_children,
        "createBy": address.create_by,
        "createTime": local_time(address.create_time_ms),
        "updateBy": address.update_by,
        "updateTime": local_time(address.update_time_ms),
    })
}

/// A node of an address tree: the spec's `{id, parentId, name, children}` (children
/// always present, empty on a leaf), written straight from the service's node.
struct TreeNode<'a>(&'a pb::AddressNode);

impl Serialize for TreeNode<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let node = self.0;
        let mut out = serializer.serialize_struct("AddressNode", 4)?;
        out.serialize_field("id", &node.id)?;
        out.serialize_field("parentId", &node.parent_id)?;
        out.serialize_field("name", &node.name)?;
        out.serialize_field("children", &Children(&node.children))?;
        out.end()
    }
}

struct Children<'a>(&'a [pb::AddressNode]);

impl Serialize for Children<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(TreeNode))
    }
}

fn address_id(text: &str, lang: Lang) -> Result<pb::AddressIdRequest, ApiError> {
    Ok(pb::AddressIdRequest { address_id: path_id(text, Msg::AddressIdInvalid, lang)? })
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    #[serde(default)]
    address_name: String,
    parent_id: Option<String>,
}

/// The selected project's addresses, flat, by parent then order (RuoYi's dept list: the
/// console builds the tree).
pub async fn list(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> ApiResult {
    let lang = info.lang();
    let parent_id = number::<i64>(query.parent_id.as_deref(), Msg::AddressIdInvalid, lang)?;
    let request = pb::ListAddressesRequest { address_name: query.address_name, parent_id };
    let answer = call(&info, state.clients.address().list_addresses(info.ctx.request(request))).await?;
    ok_data(lang, answer.addresses.iter().map(address_json).collect())
}

pub async fn get(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let address = call(&info, state.clients.address().get_address(info.ctx.request(address_id(&id, lang)?))).await?;
    ok_data(lang, address_json(&address))
}

/// The address with its path: `path` lists `{id, name}` from its root to itself and
/// `fullName` joins the names with " / ".
pub async fn get_with_path(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let answer =
        call(&info, state.clients.address().get_address_path(info.ctx.request(address_id(&id, lang)?))).await?;
    let mut data = answer.address.as_ref().map(address_json).unwrap_or_else(|| json!({}));
    let names: Vec<&str> = answer.path.iter().map(|step| step.name.as_str()).collect();
    data["fullName"] = json!(names.join(" / "));
    data["path"] = answer.path.iter().map(|step| json!({ "id": step.id, "name": step.name })).collect();
    ok_data(lang, data)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressBody {
    #[serde(default)]
    address_id: Value,
    #[serde(default)]
    id: Value,
    #[serde(default)]
    parent_id: Value,
    #[serde(default)]
    address_name: Value,
    #[serde(default)]
    order_num: Value,
    #[serde(default)]
    remark: Value,
}

impl AddressBody {
    fn input(&self) -> pb::AddressInput {
        pb::AddressInput {
            address_id: if self.address_id.is_null() { id(&self.id) } else { id(&self.address_id) },
            // Absent is the root; an unreadable number is -1, which the service refuses.
            parent_id: whole(&self.parent_id),
            address_name: text(&self.address_name),
            order_num: whole(&self.order_num),
            remark: text(&self.remark),
        }
    }
}

pub async fn add(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<AddressBody>,
) -> ApiResult {
    let mut input = body.input();
    input.address_id = 0;
    let saved = call(&info, state.clients.address().add_address(info.ctx.request(input))).await?;
    ok_data(info.lang(), json!(saved.address_id))
}

pub async fn edit(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiJson(body): ApiJson<AddressBody>,
) -> ApiResult {
    let lang = info.lang();
    let input = body.input();
    if input.address_id <= 0 {
        return Err(ApiError::new(ErrorCode::BadRequest, &Msg::AddressIdInvalid, lang));
    }
    call(&info, state.clients.address().edit_address(info.ctx.request(input))).await?;
    ok_with(lang, json!({}))
}

pub async fn remove(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    call(&info, state.clients.address().remove_address(info.ctx.request(address_id(&id, lang)?))).await?;
    ok_with(lang, json!({}))
}

/// The selected project's tree.
pub async fn project_tree(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
) -> ApiResult<WrittenData> {
    address_tree(&state, &info, 0).await
}

/// A project's tree (0: the selected one's), sent from the edge's copy when the project
/// service says the copy's version is still the tree's.
async fn address_tree(state: &EdgeState, info: &RequestInfo, project_id: i64) -> ApiResult<WrittenData> {
    let lang = info.lang();
    let held = if project_id == 0 { info.ctx.project_id } else { Some(project_id) };
    let held = held.and_then(|id| state.address_trees.get(id));
    let ask = async |known_version| {
        let request = pb::AddressTreeRequest { project_id, known_version };
        call(info, state.clients.address().address_tree(info.ctx.request(request))).await
    };
    let mut answer = ask(held.as_ref().map_or(0, |kept| kept.version)).await?;
    if answer.unchanged {
        match held.filter(|kept| kept.version == answer.version) {
            Some(kept) => return ok_written(lang, kept.json),
            // Not the copy asked about (the service resolved another project): the whole tree.
            None => answer = ask(0).await?,
        }
    }
    let nodes: Vec<TreeNode<'_>> = answer.nodes.iter().map(TreeNode).collect();
    let json = state.address_trees.keep(answer.project_id, answer.version, &nodes).map_err(|error| {
        tracing::error!(%error, "an address tree could not be written as JSON");
        ApiError::new(ErrorCode::Internal, &Msg::Internal, lang)
    })?;
    ok_written(lang, json)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TreeQuery {
    project_id: Option<String>,
}

/// A project's tree: `projectId` when given (one the caller may open), else the selected one.
pub async fn tree(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    ApiQuery(query): ApiQuery<TreeQuery>,
) -> ApiResult<WrittenData> {
    let lang = info.lang();
    let project_id = project_or_selected(query.project_id.as_deref(), lang)?;
    address_tree(&state, &info, project_id).await
}

/// `data`: whether the address has children.
pub async fn check_children(
    State(state): State<EdgeState>,
    Extension(info): Extension<RequestInfo>,
    Path(id): Path<String>,
) -> ApiResult {
    let lang = info.lang();
    let answer = call(&info, state.clients.address().has_children(info.ctx.request(address_id(&id, lang)?))).await?;
    ok_data(lang, json!(answer.has_children))
}
