//! Permission strings (`pc:system:user:list`): every one the product knows, as constants,
//! and how a held set satisfies a requirement. The edge's route table, every service's
//! `authorize` and the menu seed name permissions only through these constants, so a
//! button, its route and its service method can never disagree. The console shares the
//! matching rules (spec section 6; `permission_cases.json` is the table both test).

/// The permission that grants everything.
pub const ALL_PERMISSION: &str = "*:*:*";
/// The prefix of every console permission.
pub const PC_PREFIX: &str = "pc:";

/// Adds the `pc:` prefix unless present.
pub fn with_pc_prefix(permission: &str) -> String {
    if permission.starts_with(PC_PREFIX) { permission.to_owned() } else { format!("{PC_PREFIX}{permission}") }
}

/// Whether one held permission grants the required one. `*:*:*` grants everything; a `*`
/// segment in a held permission grants any value of that segment (`pc:system:*:*`).
pub fn grants(held: &str, required: &str) -> bool {
    if held == ALL_PERMISSION {
        return true;
    }
    let mut held_parts = held.split(':');
    let mut required_parts = required.split(':');
    loop {
        match (held_parts.next(), required_parts.next()) {
            (None, None) => return true,
            (Some(h), Some(r)) if h == "*" || h == r => continue,
            _ => return false,
        }
    }
}

/// True when the holder has any of the required permissions (or the wildcard).
/// An empty requirement yields false, as the console's `hasPermi` does.
pub fn has_any<S: AsRef<str>>(held: &[S], required: &[&str]) -> bool {
    if required.is_empty() {
        return false;
    }
    required.iter().any(|req| held.iter().any(|h| grants(h.as_ref(), req)))
}

/// True when the holder has every required permission; the wildcard passes at once.
/// An empty requirement yields false.
pub fn has_all<S: AsRef<str>>(held: &[S], required: &[&str]) -> bool {
    if required.is_empty() {
        return false;
    }
    if held.iter().any(|h| h.as_ref() == ALL_PERMISSION) {
        return true;
    }
    required.iter().all(|req| held.iter().any(|h| grants(h.as_ref(), req)))
}

/// Declares a screen's permissions: `pc:{prefix}:{list|query|add|edit|remove|export}`, the
/// buttons the menu seed gives every screen, and the screen's own extra buttons
/// (`IMPORT = "import"`), which the seed lists in `EXTRA_BUTTONS`.
macro_rules! screen {
    ($(#[$doc:meta])* $name:ident = $prefix:literal $(, $(#[$extra_doc:meta])* $extra:ident = $action:literal)* $(,)?) => {
        $(#[$doc])*
        pub mod $name {
            /// The screen's prefix, as the menu seed writes it (`{prefix}:list` is the screen itself).
            pub const PREFIX: &str = $prefix;
            pub const LIST: &str = concat!("pc:", $prefix, ":list");
            pub const QUERY: &str = concat!("pc:", $prefix, ":query");
            pub const ADD: &str = concat!("pc:", $prefix, ":add");
            pub const EDIT: &str = concat!("pc:", $prefix, ":edit");
            pub const REMOVE: &str = concat!("pc:", $prefix, ":remove");
            pub const EXPORT: &str = concat!("pc:", $prefix, ":export");
            $(
                $(#[$extra_doc])*
                pub const $extra: &str = concat!("pc:", $prefix, ":", $action);
            )*
        }
    };
}

pub mod system {
    screen!(
        /// Organization.
        dept = "system:dept"
    );
    screen!(
        /// Users.
        user = "system:user",
        /// Import users from a workbook (and download its template).
        IMPORT = "import",
        /// Set another user's password.
        RESET_PWD = "resetPwd",
    );
    screen!(
        /// Roles.
        role = "system:role"
    );
    screen!(
        /// Menus.
        menu = "system:menu"
    );
    screen!(
        /// Parameters.
        config = "system:config"
    );
    screen!(
        /// Dictionaries.
        dict = "system:dict"
    );
    screen!(
        /// Backup.
        backup = "system:backup",
        /// Restore the system data from a backup (an uploaded file or a stored one).
        RESTORE = "restore",
    );
    screen!(
        /// Advice.
        advice = "system:advice"
    );
}

pub mod monitor {
    screen!(
        /// Scheduled jobs.
        job = "monitor:job"
    );
    screen!(
        /// Job log.
        job_log = "monitor:jobLog"
    );
    screen!(
        /// Login log.
        logininfor = "monitor:logininfor",
        /// Unlock an account locked by wrong passwords.
        UNLOCK = "unlock",
    );
    screen!(
        /// Operation log.
        operlog = "monitor:operlog"
    );
}

pub mod tool {
    screen!(
        /// Code generation.
        code_gen = "tool:gen"
    );
}

pub mod project {
    screen!(
        /// Project info.
        project = "project:project"
    );
    screen!(
        /// Addresses.
        address = "project:address"
    );
    screen!(
        /// Announcements.
        notice = "project:notice",
        /// Publish an announcement.
        PUBLISH = "publish",
    );
    screen!(
        /// File management.
        file = "project:file",
        /// Audit a file: pass, or no pass with a reason.
        AUDIT = "audit",
    );
    screen!(
        /// Areas and buildings on the plan picture, and the devices placed in them.
        area = "project:area"
    );
}

pub mod device {
    screen!(
        /// Equipment categories.
        category = "device:category"
    );
    screen!(
        /// Equipment types.
        device_type = "device:type"
    );
    screen!(
        /// Devices.
        device = "device:device",
        /// Import devices from a workbook (and download its template).
        IMPORT = "import",
    );
    screen!(
        /// Device groups.
        group = "device:group",
        /// Switch a group's devices.
        CONTROL = "control",
    );
    screen!(
        /// Lighting charts.
        chart = "device:chart"
    );
    screen!(
        /// The command log: every command sent to the gateways, searchable.
        command = "device:command"
    );
    screen!(
        /// The communication records: every message between the gateways and the platform.
        communication = "device:communication"
    );
}

pub mod lighting {
    screen!(
        /// Gateways.
        gateway = "lighting:gateway",
        /// Set operating parameters of several gateways of one brand at once.
        PARAMS = "params",
    );
    screen!(
        /// Real-time control.
        control = "lighting:control"
    );
    screen!(
        /// Gateway versions.
        version = "lighting:version"
    );
    screen!(
        /// Gateway upgrade.
        upgrade = "lighting:upgrade"
    );
    screen!(
        /// Power scenes.
        scene = "lighting:scene"
    );
    screen!(
        /// Combined scenes.
        combined_scene = "lighting:combinedScene"
    );
    screen!(
        /// Tasks.
        task = "lighting:task",
        /// Issue tasks to their gateways (compile and send each gateway its schedule).
        ISSUE = "issue"
    );
    screen!(
        /// One-key control.
        one_key = "lighting:oneKey"
    );
    screen!(
        /// Energy.
        energy = "lighting:energy"
    );
}

pub mod landscape {
    screen!(
        /// Master controllers.
        master = "landscape:master"
    );
    screen!(
        /// Program management.
        program = "landscape:program"
    );
    screen!(
        /// Landscape scenes.
        scene = "landscape:scene"
    );
    screen!(
        /// Landscape tasks.
        task = "landscape:task"
    );
    screen!(
        /// Timing one-key control.
        timing_one_key = "landscape:timingOneKey"
    );
    screen!(
        /// Urgent release.
        urgent = "landscape:urgent"
    );
    screen!(
        /// Remote monitoring.
        monitor = "landscape:monitor"
    );
    screen!(
        /// Remote shutdown and restart.
        power = "landscape:power"
    );
    screen!(
        /// RDM.
        rdm = "landscape:rdm"
    );
    screen!(
        /// Projector gateway.
        projector = "landscape:projector"
    );
    screen!(
        /// Cultural-tourism nodes.
        tourism_node = "landscape:tourismNode"
    );
    screen!(
        /// Scheme management.
        scheme = "landscape:scheme"
    );
}

pub mod linkage {
    screen!(
        /// Linkage devices.
        device = "linkage:device"
    );
    screen!(
        /// Rules.
        rule = "linkage:rule"
    );
    screen!(
        /// Sensors.
        sensor = "linkage:sensor"
    );
}

pub mod alarm {
    screen!(
        /// Alarm types.
        alarm_type = "alarm:type"
    );
    screen!(
        /// Real-time alarms.
        realtime = "alarm:realtime"
    );
    screen!(
        /// History alarms.
        history = "alarm:history"
    );
    screen!(
        /// Security monitor.
        security = "alarm:security"
    );
    screen!(
        /// Reports.
        report = "alarm:report"
    );
}

pub mod operation {
    screen!(
        /// Work orders, with a button per kind of action.
        work_order = "operation:workOrder",
        /// Dispatch an unassigned order, or assign one in progress to another handler.
        DISPATCH = "dispatch",
        /// As the handler: complete the work, or return the order.
        HANDLE = "handle",
        /// Confirm completed work, with an evaluation and a score.
        CONFIRM = "confirm",
        /// Close an order without the work, with a reason.
        CLOSE = "close",
    );
    screen!(
        /// Inspection: teams, routes, plans and their tasks.
        inspection = "operation:inspection",
        /// Record the results of a task's points (an abnormal one may open a work order).
        DEAL = "deal",
    );
    screen!(
        /// Maintenance: companies, their contracts and the plans of work under each.
        maintenance = "operation:maintenance",
        /// Record a maintenance plan as finished, with its result.
        FINISH = "finish",
    );
    screen!(
        /// Assets: types with their attributes, assets, and their records.
        asset = "operation:asset",
        /// Receive assets, and return them.
        RECEIVE = "receive",
        /// Send assets to repair.
        REPAIR = "repair",
        /// Scrap assets, and cancel a scrap.
        SCRAP = "scrap",
        /// Import assets from a workbook (and download its template).
        IMPORT = "import",
    );
}

/// The data big screen.
pub mod data_screen {
    pub const VIEW: &str = "pc:dataScreen:view";
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn wildcard_grants_everything() {
        assert!(grants("*:*:*", "pc:system:user:list"));
        assert!(has_any(&["*:*:*"], &["pc:anything"]));
        assert!(has_all(&["*:*:*"], &["pc:a", "pc:b"]));
    }

    #[test]
    fn exact_and_segment_wildcards() {
        assert!(grants("pc:system:user:list", "pc:system:user:list"));
        assert!(!grants("pc:system:user:list", "pc:system:user:add"));
        assert!(grants("pc:system:*:*", "pc:system:role:edit"));
        assert!(!grants("pc:system:*", "pc:system:role:edit"));
        assert!(!grants("pc:system:user", "pc:system:user:list"));
    }

    #[test]
    fn empty_requirement_is_false() {
        assert!(!has_any(&["*:*:*"], &[]));
        assert!(!has_all(&["*:*:*"], &[]));
    }

    #[test]
    fn any_versus_all() {
        let held = ["pc:a:b:c"];
        assert!(has_any(&held, &["pc:a:b:c", "pc:x:y:z"]));
        assert!(!has_all(&held, &["pc:a:b:c", "pc:x:y:z"]));
    }

    #[test]
    fn prefixing() {
        assert_eq!(with_pc_prefix("system:user:list"), "pc:system:user:list");
        assert_eq!(with_pc_prefix("pc:system:user:list"), "pc:system:user:list");
    }

    /// The cases the console's `access.test.ts` runs too, so both grant exactly the same.
    #[test]
    fn the_shared_cases_hold() {
        let cases: serde_json::Value = serde_json::from_str(include_str!("permission_cases.json")).unwrap();
        let strings = |value: &serde_json::Value| -> Vec<String> {
            value.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_owned()).collect()
        };
        for case in cases["cases"].as_array().unwrap() {
            let name = case["name"].as_str().unwrap();
            let held = strings(&case["held"]);
            let required = strings(&case["required"]);
            let required: Vec<&str> = required.iter().map(String::as_str).collect();
            assert_eq!(has_any(&held, &required), case["any"].as_bool().unwrap(), "any: {name}");
            assert_eq!(has_all(&held, &required), case["all"].as_bool().unwrap(), "all: {name}");
        }
    }

    fn segment() -> impl Strategy<Value = String> {
        "[a-z]{1,6}"
    }

    proptest! {
        #[test]
        fn a_permission_grants_itself(parts in prop::collection::vec(segment(), 1..5)) {
            let perm = parts.join(":");
            prop_assert!(grants(&perm, &perm));
        }

        #[test]
        fn wildcard_grants_any(required in "[a-z:]{0,30}") {
            prop_assert!(grants(ALL_PERMISSION, &required));
        }

        #[test]
        fn different_permissions_do_not_grant(a in prop::collection::vec(segment(), 1..5), b in prop::collection::vec(segment(), 1..5)) {
            let held = a.join(":");
            let required = b.join(":");
            prop_assume!(held != required);
            prop_assert!(!grants(&held, &required));
        }

        #[test]
        fn all_implies_any(held in prop::collection::vec("[a-c]:[a-c]", 0..4), required in prop::collection::vec("[a-c]:[a-c]", 1..4)) {
            let req: Vec<&str> = required.iter().map(String::as_str).collect();
            if has_all(&held, &req) {
                prop_assert!(has_any(&held, &req));
            }
        }
    }
}
