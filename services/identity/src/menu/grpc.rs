//! The route tree over gRPC (built by `model`), and the menus as administrators edit them
//! (rules in `admin`).

use std::sync::Arc;

use lumiscape_common::access::{Access, SIGNED_IN, authorize_global};
use lumiscape_common::permission::ALL_PERMISSION;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::menu_service_server::MenuService;
use tonic::{Request, Response, Status};

use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::system::menu;

use super::admin::{MenuDraft, RawMenu};
use super::model::{MenuAccess, RouteNode, WhereUse, build_routes};
use super::store::{self, MenuEntryRow};
use crate::Shared;
use crate::dept::model::parse_status;

pub struct MenuApi {
    shared: Shared,
}

impl MenuApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

#[tonic::async_trait]
impl MenuService for MenuApi {
    async fn get_routers(
        &self,
        request: Request<pb::GetRoutersRequest>,
    ) -> Result<Response<pb::GetRoutersResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        let where_use = WhereUse::from_code(request.get_ref().where_use);
        self.routers(&access, where_use).await.reply(access.lang())
    }

    async fn list_menus(
        &self,
        request: Request<pb::ListMenusRequest>,
    ) -> Result<Response<pb::ListMenusResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[menu::LIST]).await?;
        self.list(request.get_ref()).await.reply(access.lang())
    }

    async fn get_menu(&self, request: Request<pb::SettingIdRequest>) -> Result<Response<pb::MenuEntry>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[menu::QUERY]).await?;
        self.get(request.get_ref().id).await.reply(access.lang())
    }

    async fn add_menu(&self, request: Request<pb::MenuInput>) -> Result<Response<pb::SavedResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[menu::ADD]).await?;
        self.add(request.get_ref()).await.reply(access.lang())
    }

    async fn edit_menu(&self, request: Request<pb::MenuInput>) -> Result<Response<pb::SavedResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[menu::EDIT]).await?;
        self.edit(request.get_ref()).await.reply(access.lang())
    }

    async fn remove_menu(&self, request: Request<pb::SettingIdRequest>) -> Result<Response<pb::SavedResponse>, Status> {
        let access = authorize_global(&self.shared.auth, &request, &[menu::REMOVE]).await?;
        self.remove(request.get_ref().id).await.reply(access.lang())
    }
}

impl MenuApi {
    async fn list(&self, req: &pb::ListMenusRequest) -> Result<pb::ListMenusResponse, Error> {
        let status = match req.status.trim() {
            "" => "",
            other => parse_status(other)?,
        };
        let rows = store::list_entries(&self.shared.pool, req.menu_name.trim(), status).await?;
        Ok(pb::ListMenusResponse { menus: rows.into_iter().map(entry_pb).collect() })
    }

    async fn get(&self, menu_id: i64) -> Result<pb::MenuEntry, Error> {
        let menu_id = check_id(menu_id)?;
        let row =
            store::find_entry(&self.shared.pool, menu_id).await?.ok_or_else(|| Error::not_found(Msg::MenuNotFound))?;
        Ok(entry_pb(row))
    }

    async fn add(&self, input: &pb::MenuInput) -> Result<pb::SavedResponse, Error> {
        let draft = MenuDraft::parse(&raw_menu(input))?;
        store::insert(&self.shared.pool, &self.shared.streams, &draft).await?;
        self.cleared().await
    }

    async fn edit(&self, input: &pb::MenuInput) -> Result<pb::SavedResponse, Error> {
        let menu_id = check_id(input.menu_id)?;
        let draft = MenuDraft::parse(&raw_menu(input))?;
        if !store::update(&self.shared.pool, &self.shared.streams, menu_id, &draft).await? {
            return Err(Error::not_found(Msg::MenuNotFound));
        }
        self.cleared().await
    }

    async fn remove(&self, menu_id: i64) -> Result<pb::SavedResponse, Error> {
        let menu_id = check_id(menu_id)?;
        if !store::delete(&self.shared.pool, &self.shared.streams, menu_id).await? {
            return Err(Error::not_found(Msg::MenuNotFound));
        }
        self.cleared().await
    }

    /// After a commit that recorded the clearing: this replica's route trees at once, the
    /// others' when the relay publishes the event. Permissions of live sessions change only
    /// through their roles (a new button grants nothing until a role holds it).
    async fn cleared(&self) -> Result<pb::SavedResponse, Error> {
        self.shared.routes.invalidate_all();
        self.shared.outbox.wake();
        Ok(pb::SavedResponse {})
    }
}

fn check_id(id: i64) -> Result<i64, Msg> {
    if id > 0 { Ok(id) } else { Err(Msg::MenuIdInvalid) }
}

fn raw_menu(input: &pb::MenuInput) -> RawMenu<'_> {
    RawMenu {
        parent_id: input.parent_id,
        menu_name: &input.menu_name,
        menu_name_en: &input.menu_name_en,
        order_num: input.order_num,
        path: &input.path,
        component: &input.component,
        query: &input.query,
        route_name: &input.route_name,
        is_frame: &input.is_frame,
        is_cache: &input.is_cache,
        menu_type: &input.menu_type,
        visible: &input.visible,
        status: &input.status,
        perms: &input.perms,
        icon: &input.icon,
        menu_module: &input.menu_module,
        client: &input.client,
        affix: &input.affix,
    }
}

fn entry_pb(r: MenuEntryRow) -> pb::MenuEntry {
    pb::MenuEntry {
        menu_id: r.menu_id,
        parent_id: r.parent_id,
        menu_name: r.menu_name,
        menu_name_en: r.menu_name_en,
        order_num: r.order_num,
        path: r.path,
        component: r.component,
        query: r.query,
        route_name: r.route_name,
        is_frame: r.is_frame,
        is_cache: r.is_cache,
        menu_type: r.menu_type,
        visible: r.visible,
        status: r.status,
        perms: r.perms,
        icon: r.icon,
        menu_module: r.menu_module,
        client: r.client,
        affix: r.affix,
        create_time_ms: r.created_at.timestamp_millis(),
    }
}

impl MenuApi {
    /// The caller's route tree, cached for a few seconds per user and client.
    async fn routers(&self, access: &Access, where_use: WhereUse) -> Result<pb::GetRoutersResponse, Error> {
        let caller = &access.caller;
        let is_admin = caller.permissions().iter().any(|p| p == ALL_PERMISSION);
        // The session's permissions are part of the key: when an administrator changes the
        // user's roles, the rewritten session asks for fresh routes on every replica.
        let key = (caller.user_id(), where_use == WhereUse::App, permissions_fingerprint(caller.permissions()));
        let pool = self.shared.pool.clone();
        let user_id = caller.user_id();
        let routes = self
            .shared
            .routes
            .try_get_with(key, async move {
                let menus = store::all_menus(&pool).await?;
                let access = if is_admin {
                    MenuAccess::All
                } else {
                    MenuAccess::Only(store::granted_menu_ids(&pool, user_id).await?)
                };
                let routes: Vec<pb::Route> =
                    build_routes(&menus, &access, where_use).into_iter().map(to_proto).collect();
                Ok::<_, sqlx::Error>(Arc::new(routes))
            })
            .await
            .map_err(|err| Error::internal(anyhow::anyhow!("menu load failed: {err}")))?;
        Ok(pb::GetRoutersResponse { routes: routes.as_ref().clone() })
    }
}

fn to_proto(node: RouteNode) -> pb::Route {
    pb::Route {
        name: node.name,
        path: node.path,
        hidden: node.hidden,
        always_show: node.always_show,
        redirect: node.redirect,
        component: node.component,
        menu_module: node.menu_module,
        query: node.query,
        meta: Some(pb::RouteMeta {
            title: node.title,
            title_en: node.title_en,
            icon: node.icon,
            no_cache: node.no_cache,
            link: node.link,
            affix: node.affix,
            active_menu: String::new(),
            breadcrumb: true,
        }),
        children: node.children.into_iter().map(to_proto).collect(),
    }
}

/// A fingerprint of a permission list, for the route cache's key.
fn permissions_fingerprint(permissions: &[String]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    permissions.hash(&mut hasher);
    hasher.finish()
}
