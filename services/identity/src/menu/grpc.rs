//! The route tree over gRPC: a thin method; the tree is built by `model`.

use std::sync::Arc;

use lumiscape_common::access::{Access, SIGNED_IN, authorize_global};
use lumiscape_common::permission::ALL_PERMISSION;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::menu_service_server::MenuService;
use tonic::{Request, Response, Status};

use super::model::{MenuAccess, RouteNode, WhereUse, build_routes};
use super::store;
use crate::Shared;

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
            affix: false,
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
