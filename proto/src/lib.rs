//! Rust types generated from the `.proto` files beside this crate.
//!
//! Every call carries the caller's access token in the `authorization` metadata entry
//! (`Bearer <token>`), the selected project in `project-id` and the language in
//! `content-language`; the receiving service verifies the token itself.

pub mod identity {
    pub mod v1 {
        tonic::include_proto!("lumiscape.identity.v1");
    }
}

pub mod project {
    pub mod v1 {
        tonic::include_proto!("lumiscape.project.v1");
    }
}

pub mod events {
    pub mod v1 {
        tonic::include_proto!("lumiscape.events.v1");
    }
}
