//! gRPC inside one process. When one process runs a service and a client of it (the
//! monolith, `lumiscape run --target all`), the client calls the service's routes directly:
//! the same tonic services, interceptors, metadata and protobuf messages, without a
//! loopback TCP connection, HTTP/2 framing and the wake-ups of four socket hops per call.
//! Across processes nothing changes: [`Transport::channel`] wraps a tonic `Channel`. Either
//! way a call carries the caller's trace context and is a span of the service it reaches.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use tonic::body::Body;
use tonic::service::Routes;
use tonic::transport::Channel;
use tower::ServiceExt;
use tower::util::BoxCloneSyncService;

use crate::trace::{Propagate, Served};

/// A call that could not be delivered (a connection to another process failed). A type
/// of its own rather than a boxed error: the generated clients convert it `Into` a boxed
/// error inside `async` code, which needs a conversion valid for every lifetime.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct TransportError(#[from] tonic::transport::Error);

/// What a generated gRPC client sends its calls through: a connection to another process,
/// or a service of this one.
pub type Transport = BoxCloneSyncService<http::Request<Body>, http::Response<Body>, TransportError>;

/// Makes [`Transport`]s.
pub struct Transports;

impl Transports {
    /// Calls over a tonic channel (another process).
    pub fn channel(channel: Channel) -> Transport {
        BoxCloneSyncService::new(Propagate(channel).map_err(TransportError))
    }

    /// Calls a service's routes in this process.
    pub fn routes(routes: Routes) -> Transport {
        BoxCloneSyncService::new(ServiceExt::<http::Request<Body>>::map_err(
            Propagate(Served(routes.prepare())),
            |never| -> TransportError { match never {} },
        ))
    }
}

/// The gRPC services this process serves, by service name (`identity`, `project`, ...),
/// registered by `serve_grpc` as each starts. One per started set of services (a test may
/// start several in one process), handed to every service and client through their `Deps`.
/// Each is kept prepared ([`Transports::routes`] once, at registration): preparing the
/// routes rebuilds the router, which a [`Peer`] would otherwise do at every call.
#[derive(Clone, Default)]
pub struct LocalServices(Arc<RwLock<HashMap<&'static str, Transport>>>);

impl LocalServices {
    /// Records `routes` as the service `name` of this process.
    pub fn register(&self, name: &'static str, routes: Routes) {
        let transport = Transports::routes(routes);
        self.0.write().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(name, transport);
    }

    /// A transport to `name` in this process, if it runs here.
    pub fn transport(&self, name: &str) -> Option<Transport> {
        let services = self.0.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        services.get(name).cloned()
    }
}

/// Another service a service calls (the project service asks lighting and alarm before it
/// deletes a project): the one in this process when it runs here, looked up at each call
/// since the services of a process start in any order, else a lazily made connection.
#[derive(Clone)]
pub struct Peer {
    name: &'static str,
    local: LocalServices,
    channel: Channel,
}

impl Peer {
    /// A peer `name` reached at `url` when it does not run in this process.
    pub fn new(local: &LocalServices, name: &'static str, url: &str) -> Result<Self, tonic::transport::Error> {
        let channel = tonic::transport::Endpoint::from_shared(url.to_owned())?
            .connect_timeout(std::time::Duration::from_secs(3))
            .timeout(std::time::Duration::from_secs(30))
            .tcp_nodelay(true)
            .connect_lazy();
        Ok(Self { name, local: local.clone(), channel })
    }

    /// The way to the peer for one call.
    pub fn transport(&self) -> Transport {
        self.local.transport(self.name).unwrap_or_else(|| Transports::channel(self.channel.clone()))
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;
    use std::future::{Ready, ready};
    use std::task::{Context, Poll};

    use tonic::server::NamedService;

    use super::*;

    /// A gRPC service answering every call with the status code in its name.
    #[derive(Clone)]
    struct Answers;

    impl NamedService for Answers {
        const NAME: &'static str = "test.Answers";
    }

    impl tower::Service<http::Request<Body>> for Answers {
        type Response = http::Response<Body>;
        type Error = Infallible;
        type Future = Ready<Result<Self::Response, Infallible>>;

        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, request: http::Request<Body>) -> Self::Future {
            let code = if request.uri().path().ends_with("/NotFound") { "5" } else { "0" };
            let response = http::Response::builder()
                .header("content-type", "application/grpc")
                .header("grpc-status", code)
                .body(Body::empty())
                .expect("a valid response");
            ready(Ok(response))
        }
    }

    #[tokio::test]
    async fn a_service_of_this_process_is_called_in_process() {
        let local = LocalServices::default();
        assert!(local.transport("answers").is_none());
        local.register("answers", Routes::new(Answers));
        let transport = local.transport("answers").expect("registered");
        for (method, status) in [("Ok", "0"), ("NotFound", "5")] {
            let request = http::Request::builder()
                .uri(format!("/test.Answers/{method}"))
                .body(Body::empty())
                .expect("a valid request");
            let response = transport.clone().oneshot(request).await.expect("delivered");
            assert_eq!(response.headers()["grpc-status"], status, "{method}");
        }
        assert!(local.transport("other").is_none());
    }
}
