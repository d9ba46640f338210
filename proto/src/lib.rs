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

pub mod lighting {
    pub mod v1 {
        tonic::include_proto!("lumiscape.lighting.v1");
    }
}

pub mod alarm {
    pub mod v1 {
        tonic::include_proto!("lumiscape.alarm.v1");
    }
}

pub mod bridge {
    pub mod v1 {
        tonic::include_proto!("lumiscape.bridge.v1");
    }
}

pub mod events {
    pub mod v1 {
        tonic::include_proto!("lumiscape.events.v1");
    }
}
