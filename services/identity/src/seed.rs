//! System data every installation needs (the menu tree of every screen, dictionaries, the
//! config keys of the spec, the admin role and account) and the demo users. Idempotent:
//! running it again adds what is missing and refreshes the menu texts, nothing else.

use lumiscape_common::permission::{
    alarm, data_screen, device, landscape, lighting, linkage, monitor, operation, project, system, tool,
};
use sqlx::{PgConnection, PgPool};

use crate::auth::model::hash_password;

/// One screen of a directory: id, path, component, Chinese and English titles, permission
/// prefix, visible in the sidebar.
type Screen = (i64, &'static str, &'static str, &'static str, &'static str, &'static str, bool);

/// A top-level directory: id, path, titles, icon, menu module, its screens.
struct Directory {
    id: i64,
    path: &'static str,
    zh: &'static str,
    en: &'static str,
    icon: &'static str,
    module: &'static str,
    screens: &'static [Screen],
}

/// Every screen named by the spec (section 2), grouped as the sidebar shows them.
const DIRECTORIES: &[Directory] = &[
    Directory {
        id: 1,
        path: "system",
        zh: "系统管理",
        en: "System Management",
        icon: "system",
        module: "4",
        screens: &[
            (100, "dept", "system/dept/index", "组织管理", "Organization", system::dept::PREFIX, true),
            (101, "user", "system/user/index", "用户管理", "Users", system::user::PREFIX, true),
            (102, "role", "system/role/index", "角色管理", "Roles", system::role::PREFIX, true),
            (103, "menu", "system/menu/index", "菜单管理", "Menus", system::menu::PREFIX, true),
            (104, "config", "system/config/index", "参数设置", "Parameters", system::config::PREFIX, true),
            (105, "dict", "system/dict/index", "字典管理", "Dictionaries", system::dict::PREFIX, true),
            (106, "job", "monitor/job/index", "定时任务", "Scheduled Jobs", monitor::job::PREFIX, true),
            (107, "jobLog", "monitor/job/log", "调度日志", "Job Log", monitor::job_log::PREFIX, false),
            (108, "backup", "system/backup/index", "数据备份", "Backup", system::backup::PREFIX, true),
            (109, "logininfor", "monitor/logininfor/index", "登录日志", "Login Log", monitor::logininfor::PREFIX, true),
            (110, "operlog", "monitor/operlog/index", "操作日志", "Operation Log", monitor::operlog::PREFIX, true),
            (111, "advice", "system/advice/index", "意见反馈", "Advice", system::advice::PREFIX, true),
            (112, "gen", "tool/gen/index", "代码生成", "Code Generation", tool::code_gen::PREFIX, true),
        ],
    },
    Directory {
        id: 2,
        path: "project",
        zh: "项目管理",
        en: "Project Management",
        icon: "project",
        module: "1",
        screens: &[
            (200, "info", "project/info/index", "项目信息", "Project Info", project::project::PREFIX, true),
            (201, "address", "project/address/index", "地址管理", "Addresses", project::address::PREFIX, true),
            (202, "notice", "project/notice/index", "公告管理", "Announcements", project::notice::PREFIX, true),
            (203, "file", "project/file/index", "文件管理", "File Management", project::file::PREFIX, true),
            (204, "area", "project/area/index", "区域与建筑", "Areas and Buildings", project::area::PREFIX, true),
        ],
    },
    Directory {
        id: 3,
        path: "device",
        zh: "设备管理",
        en: "Device Management",
        icon: "cluster",
        module: "1",
        screens: &[
            (
                300,
                "category",
                "device/category/index",
                "设备分类",
                "Equipment Categories",
                device::category::PREFIX,
                true,
            ),
            (301, "type", "device/type/index", "设备类型", "Equipment Types", device::device_type::PREFIX, true),
            (302, "device", "device/device/index", "设备列表", "Devices", device::device::PREFIX, true),
            (303, "group", "device/group/index", "设备分组", "Device Groups", device::group::PREFIX, true),
            (304, "chart", "device/chart/index", "照明图表", "Lighting Charts", device::chart::PREFIX, true),
            (305, "command", "device/command/index", "指令记录", "Command Log", device::command::PREFIX, true),
            (
                306,
                "communication",
                "device/communication/index",
                "通信记录",
                "Communication Records",
                device::communication::PREFIX,
                true,
            ),
        ],
    },
    Directory {
        id: 4,
        path: "lighting",
        zh: "照明控制",
        en: "Lighting Control",
        icon: "bulb",
        module: "1",
        screens: &[
            (400, "gateway", "lighting/gateway/index", "网关管理", "Gateways", lighting::gateway::PREFIX, true),
            (
                401,
                "control",
                "lighting/gateway/control",
                "实时控制",
                "Real-time Control",
                lighting::control::PREFIX,
                true,
            ),
            (
                402,
                "version",
                "lighting/gateway/version",
                "网关版本",
                "Gateway Versions",
                lighting::version::PREFIX,
                true,
            ),
            (
                403,
                "upgrade",
                "lighting/gateway/upgrade",
                "网关升级",
                "Gateway Upgrade",
                lighting::upgrade::PREFIX,
                true,
            ),
            (404, "scene", "lighting/scene/index", "电力场景", "Power Scenes", lighting::scene::PREFIX, true),
            (
                405,
                "combinedScene",
                "lighting/combinedScene/index",
                "组合场景",
                "Combined Scenes",
                lighting::combined_scene::PREFIX,
                true,
            ),
            (406, "task", "lighting/task/index", "任务管理", "Tasks", lighting::task::PREFIX, true),
            (407, "oneKey", "lighting/oneKey/index", "一键控制", "One-key Control", lighting::one_key::PREFIX, true),
            (408, "energy", "lighting/energy/index", "能耗统计", "Energy", lighting::energy::PREFIX, true),
        ],
    },
    Directory {
        id: 5,
        path: "landscape",
        zh: "景观照明",
        en: "Landscape Lighting",
        icon: "picture",
        module: "2",
        screens: &[
            (
                500,
                "master",
                "landscape/master/index",
                "主控管理",
                "Master Controllers",
                landscape::master::PREFIX,
                true,
            ),
            (
                501,
                "program",
                "landscape/program/index",
                "节目管理",
                "Program Management",
                landscape::program::PREFIX,
                true,
            ),
            (502, "scene", "landscape/scene/index", "景观场景", "Landscape Scenes", landscape::scene::PREFIX, true),
            (503, "task", "landscape/task/index", "景观任务", "Landscape Tasks", landscape::task::PREFIX, true),
            (
                504,
                "timingOneKey",
                "landscape/timingOneKey/index",
                "定时一键控制",
                "Timing One-key Control",
                landscape::timing_one_key::PREFIX,
                true,
            ),
            (505, "urgent", "landscape/urgent/index", "紧急发布", "Urgent Release", landscape::urgent::PREFIX, true),
            (
                506,
                "monitor",
                "landscape/monitor/index",
                "远程监控",
                "Remote Monitoring",
                landscape::monitor::PREFIX,
                true,
            ),
            (
                507,
                "power",
                "landscape/power/index",
                "远程关机重启",
                "Remote Shutdown and Restart",
                landscape::power::PREFIX,
                true,
            ),
            (508, "rdm", "landscape/rdm/index", "RDM管理", "RDM", landscape::rdm::PREFIX, true),
            (
                509,
                "projector",
                "landscape/projector/index",
                "投影网关",
                "Projector Gateway",
                landscape::projector::PREFIX,
                true,
            ),
            (
                510,
                "tourismNode",
                "landscape/tourismNode/index",
                "文旅节点",
                "Cultural-tourism Nodes",
                landscape::tourism_node::PREFIX,
                true,
            ),
            (511, "scheme", "landscape/scheme/index", "方案管理", "Scheme Management", landscape::scheme::PREFIX, true),
        ],
    },
    Directory {
        id: 6,
        path: "linkage",
        zh: "联动管理",
        en: "Linkage",
        icon: "apartment",
        module: "2",
        screens: &[
            (600, "device", "linkage/device/index", "联动设备", "Linkage Devices", linkage::device::PREFIX, true),
            (601, "rule", "linkage/rule/index", "规则管理", "Rules", linkage::rule::PREFIX, true),
            (602, "sensor", "linkage/sensor/index", "传感器", "Sensors", linkage::sensor::PREFIX, true),
        ],
    },
    Directory {
        id: 7,
        path: "alarm",
        zh: "告警管理",
        en: "Alarm Management",
        icon: "alert",
        module: "3",
        screens: &[
            (700, "type", "alarm/type/index", "告警类型", "Alarm Types", alarm::alarm_type::PREFIX, true),
            (701, "realtime", "alarm/realtime/index", "实时告警", "Real-time Alarms", alarm::realtime::PREFIX, true),
            (702, "history", "alarm/history/index", "历史告警", "History Alarms", alarm::history::PREFIX, true),
            (703, "security", "alarm/security/index", "安防监控", "Security Monitor", alarm::security::PREFIX, true),
            (704, "report", "alarm/report/index", "报表统计", "Reports", alarm::report::PREFIX, true),
        ],
    },
    Directory {
        id: 8,
        path: "operation",
        zh: "运维管理",
        en: "Operations",
        icon: "tool",
        module: "3",
        screens: &[
            (
                800,
                "workOrder",
                "operation/workOrder/index",
                "工单管理",
                "Work Orders",
                operation::work_order::PREFIX,
                true,
            ),
            (
                801,
                "inspection",
                "operation/inspection/index",
                "巡检管理",
                "Inspection",
                operation::inspection::PREFIX,
                true,
            ),
            (
                802,
                "maintenance",
                "operation/maintenance/index",
                "维保管理",
                "Maintenance",
                operation::maintenance::PREFIX,
                true,
            ),
            (803, "asset", "operation/asset/index", "资产管理", "Assets", operation::asset::PREFIX, true),
        ],
    },
];

/// The data big screen: a top-level menu of its own module.
const DATA_SCREEN_MENU_ID: i64 = 9;

/// A page that shows another screen's records and has no buttons of its own: its menu's
/// permission is that screen's, and granting the menu grants nothing more. The device map
/// shows the gateways where they stand (`lighting:gateway:query`); moving one on it needs
/// `lighting:gateway:edit`, the gateway screen's button.
struct View {
    id: i64,
    directory: i64,
    path: &'static str,
    component: &'static str,
    zh: &'static str,
    en: &'static str,
    permission: &'static str,
}

const VIEWS: &[View] = &[View {
    id: 310,
    directory: 3,
    path: "map",
    component: "device/map/index",
    zh: "设备地图",
    en: "Device Map",
    permission: lighting::gateway::QUERY,
}];

/// The buttons of every screen: id offset, Chinese and English names, permission action.
const BUTTONS: &[(i64, &str, &str, &str)] = &[
    (1, "查询", "Query", "query"),
    (2, "新增", "Add", "add"),
    (3, "修改", "Edit", "edit"),
    (4, "删除", "Delete", "remove"),
    (5, "导出", "Export", "export"),
];

/// Buttons only some screens have: screen id, id offset, Chinese and English names,
/// permission action (a constant of `lumiscape_common::permission`, e.g. `system::user::IMPORT`).
const EXTRA_BUTTONS: &[(i64, i64, &str, &str, &str)] = &[
    (101, 6, "导入", "Import", "import"),
    (101, 7, "重置密码", "Reset password", "resetPwd"),
    (108, 6, "恢复", "Restore", "restore"),
    (202, 6, "发布", "Publish", "publish"),
    (109, 6, "账户解锁", "Unlock", "unlock"),
    (203, 6, "审核", "Audit", "audit"),
    (302, 6, "导入", "Import", "import"),
    (303, 6, "控制", "Control", "control"),
    (400, 6, "批量设置参数", "Batch parameters", "params"),
    (406, 6, "下发", "Issue", "issue"),
    (800, 6, "派单", "Dispatch", "dispatch"),
    (800, 7, "处理", "Handle", "handle"),
    (800, 8, "确认", "Confirm", "confirm"),
    (800, 9, "关闭", "Close", "close"),
    (801, 6, "处理", "Deal", "deal"),
    (802, 6, "完成", "Finish", "finish"),
    (803, 6, "领用", "Receive", "receive"),
    (803, 7, "维修", "Repair", "repair"),
    (803, 8, "报废", "Scrap", "scrap"),
    (803, 9, "导入", "Import", "import"),
];

/// Dictionaries: type, Chinese and English names, items (value, Chinese, English).
type DictItems = &'static [(&'static str, &'static str, &'static str)];
const DICTIONARIES: &[(&str, &str, &str, DictItems)] = &[
    (
        "menu_module_type",
        "菜单模块",
        "Menu module",
        &[
            ("1", "智慧照明", "Smart Lighting"),
            ("2", "景观照明", "Landscape Lighting"),
            ("3", "运维管理", "Operations"),
            ("4", "系统管理", "System"),
            ("dataScreen", "数据大屏", "Data Screen"),
        ],
    ),
    (
        "sys_user_sex",
        "用户性别",
        "User gender",
        &[("0", "男", "Male"), ("1", "女", "Female"), ("2", "未知", "Unknown")],
    ),
    (
        "sys_dept_type",
        "组织类型",
        "Organization type",
        &[("1", "公司", "Company"), ("2", "部门", "Department"), ("3", "班组", "Team")],
    ),
    (
        "sys_advice_status",
        "反馈状态",
        "Feedback status",
        &[("0", "待处理", "Pending"), ("1", "已回复", "Replied"), ("2", "已关闭", "Closed")],
    ),
    ("sys_job_group", "任务分组", "Job group", &[("DEFAULT", "默认", "Default"), ("SYSTEM", "系统", "System")]),
    ("sys_job_status", "任务状态", "Job status", &[("0", "正常", "Normal"), ("1", "暂停", "Paused")]),
    (
        "sys_oper_type",
        "操作类型",
        "Operation type",
        &[
            ("0", "其它", "Other"),
            ("1", "新增", "Add"),
            ("2", "修改", "Edit"),
            ("3", "删除", "Delete"),
            ("4", "授权", "Grant"),
            ("5", "导出", "Export"),
            ("6", "导入", "Import"),
            ("7", "强退", "Force logout"),
            ("8", "生成代码", "Generate code"),
            ("9", "清空数据", "Clean"),
        ],
    ),
    ("sys_backup_kind", "备份方式", "Backup kind", &[("0", "手动", "By hand"), ("1", "定时任务", "By the backup job")]),
    ("sys_normal_disable", "系统开关", "Status", &[("0", "正常", "Normal"), ("1", "停用", "Disabled")]),
    ("sys_yes_no", "系统是否", "Yes or no", &[("Y", "是", "Yes"), ("N", "否", "No")]),
    ("sys_show_hide", "菜单状态", "Menu visibility", &[("0", "显示", "Show"), ("1", "隐藏", "Hide")]),
    ("sys_common_status", "系统状态", "Result", &[("0", "成功", "Success"), ("1", "失败", "Failure")]),
    (
        "project_status",
        "项目状态",
        "Project status",
        &[
            ("0", "拟建", "Proposed"),
            ("1", "在建", "Under construction"),
            ("2", "竣工", "Completed"),
            ("3", "停工", "Stopped"),
        ],
    ),
    ("sys_notice_type", "通知类型", "Notice type", &[("1", "通知", "Notice"), ("2", "公告", "Announcement")]),
    (
        "project_acceptance",
        "验收状态",
        "Acceptance",
        &[("0", "已验收", "Accepted"), ("1", "待验收", "To be accepted"), ("2", "未通过", "Not passed")],
    ),
    ("project_map_mode", "地图模式", "Map mode", &[("0", "地图", "Map"), ("1", "平面图", "Plan picture")]),
    ("project_enabled", "项目启用", "Project switch", &[("1", "启用", "Enabled"), ("0", "停用", "Disabled")]),
    (
        "project_module",
        "首页模块",
        "Home page module",
        &[
            ("gateway", "网关状态", "Gateways"),
            ("alarm", "告警", "Alarms"),
            ("energy", "能耗", "Energy"),
            ("workorder", "工单", "Work orders"),
            ("inspection", "巡检", "Inspection"),
            ("announcement", "公告", "Announcements"),
            ("scene", "场景", "Scenes"),
            ("asset", "资产", "Assets"),
        ],
    ),
    (
        "alarm_level",
        "告警级别",
        "Alarm level",
        &[("1", "严重", "Serious"), ("2", "主要", "Main"), ("3", "次要", "Secondary")],
    ),
    (
        "alarm_status",
        "告警状态",
        "Alarm status",
        &[
            ("0", "未处理", "Not processed"),
            ("1", "处理中", "Processing"),
            ("2", "已处理", "Processed"),
            ("3", "已关闭", "Closed"),
            ("4", "已恢复", "Restored"),
        ],
    ),
    (
        "alarm_attribute",
        "告警属性",
        "Alarm attribute",
        &[
            ("voltage", "电压（V）", "Voltage (V)"),
            ("current", "电流（A）", "Current (A)"),
            ("active_power", "有功功率（W）", "Active power (W)"),
            ("temperature", "温度（°C）", "Temperature (°C)"),
            ("signal", "信号强度（dBm）", "Signal (dBm)"),
            ("loop_mismatch", "与计划不符（分钟）", "Differs from its plan (minutes)"),
            ("power_loss", "失电（事件）", "Power loss (event)"),
            ("door_open", "柜门打开（事件）", "Door open (event)"),
            ("contactor_fault", "接触器故障（事件）", "Contactor fault (event)"),
        ],
    ),
    // ---- work orders ----
    (
        "work_order_status",
        "工单状态",
        "Work order status",
        &[
            ("0", "待派单", "Unassigned"),
            ("1", "处理中", "In progress"),
            ("2", "待确认", "Pending confirmation"),
            ("3", "已完成", "Completed"),
            ("4", "已关闭", "Closed"),
        ],
    ),
    (
        "work_order_type",
        "工单类型",
        "Work order type",
        &[("1", "告警", "Alarm"), ("2", "上报", "Reported"), ("3", "巡检", "Inspection")],
    ),
    (
        "inspection_task_status",
        "巡检任务状态",
        "Inspection task status",
        &[
            ("0", "待巡检", "Undoing"),
            ("1", "巡检中", "Doing"),
            ("2", "已完成", "Finished"),
            ("3", "已过期", "Expired"),
        ],
    ),
    (
        "inspection_period",
        "巡检周期",
        "Inspection period",
        &[("1", "每天", "Daily"), ("2", "每周", "Weekly"), ("3", "每月", "Monthly")],
    ),
    ("inspection_result", "巡检结果", "Inspection result", &[("1", "正常", "Normal"), ("2", "异常", "Abnormal")]),
    (
        "inspection_point_type",
        "巡检点类型",
        "Inspection point type",
        &[("1", "设备", "Device"), ("2", "地址", "Address")],
    ),
    (
        "maintenance_status",
        "维保状态",
        "Maintenance status",
        &[("0", "未完成", "Unfinished"), ("1", "已完成", "Finished")],
    ),
    (
        "maintenance_contract_state",
        "维保合同状态",
        "Contract state",
        &[
            ("0", "履行中", "In force"),
            ("1", "即将到期", "Near its end"),
            ("2", "已到期", "Ended"),
            ("3", "未开始", "Not started"),
        ],
    ),
    (
        "asset_status",
        "资产状态",
        "Asset status",
        &[("0", "闲置", "Idle"), ("1", "在用", "In use"), ("2", "维修中", "Under repair"), ("3", "已报废", "Scrapped")],
    ),
    (
        "asset_record_type",
        "资产记录类型",
        "Asset record type",
        &[("1", "领用", "Receive"), ("2", "归还", "Return"), ("3", "维修", "Repair"), ("4", "报废", "Scrap")],
    ),
    (
        "asset_attribute_type",
        "属性类型",
        "Attribute type",
        &[("1", "文本", "Text"), ("2", "数字", "Number"), ("3", "选项", "Options")],
    ),
    (
        "work_order_question",
        "问题类型",
        "Question type",
        &[
            ("1", "灯具不亮", "Lamp out"),
            ("2", "电气故障", "Electrical fault"),
            ("3", "通讯故障", "Communication fault"),
            ("4", "设施损坏", "Damage"),
            ("5", "其他", "Other"),
        ],
    ),
    (
        "work_order_urgency",
        "紧急程度",
        "Urgency",
        &[("1", "特急", "Urgent"), ("2", "紧急", "High"), ("3", "一般", "Normal"), ("4", "较低", "Low")],
    ),
    (
        "lighting_communication_type",
        "网关通讯方式",
        "Gateway communication type",
        &[("1", "4G", "4G"), ("2", "以太网", "Ethernet"), ("3", "NB-IoT", "NB-IoT"), ("4", "LoRa", "LoRa")],
    ),
    (
        "lighting_upgrade_state",
        "网关升级状态",
        "Gateway upgrade state",
        &[
            ("0", "未升级", "Not upgraded"),
            ("1", "升级中", "Upgrading"),
            ("2", "成功", "Success"),
            ("3", "失败", "Failed"),
        ],
    ),
    (
        "lighting_campaign_state",
        "升级任务状态",
        "Upgrade campaign state",
        &[
            ("running", "进行中", "Running"),
            ("paused", "已暂停", "Paused"),
            ("stopped", "已自动停止", "Stopped (failure rate)"),
            ("cancelled", "已取消", "Cancelled"),
            ("finished", "已完成", "Finished"),
        ],
    ),
    // ---- files ----
    (
        "project_file_type",
        "文件类型",
        "File type",
        &[("1", "图片", "Image"), ("2", "文档", "Document"), ("3", "媒体", "Media")],
    ),
    (
        "project_file_audit_status",
        "文件审核状态",
        "File audit status",
        &[("0", "未审核", "Not reviewed"), ("1", "通过", "Pass"), ("2", "不通过", "No pass")],
    ),
    (
        "project_file_process_status",
        "文件切割状态",
        "File cutting status",
        &[
            ("0", "未切割", "Uncut"),
            ("1", "切割中", "In progress"),
            ("2", "已完成", "Completed"),
            ("3", "失败", "Failed"),
        ],
    ),
    // ---- end files ----
];

/// Config entries of the spec (section 3): name, key, default value, readable anonymously.
const CONFIGS: &[(&str, &str, &str, bool)] = &[
    ("浏览器名称（中文）", "sys.browser.nameZh", "智慧景观照明云平台", true),
    ("浏览器名称（英文）", "sys.browser.nameEn", "Smart Landscape Lighting Cloud Platform", true),
    ("菜单模式", "sys.menu.mode", "0", true),
    ("登录验证码开关", "sys.account.captchaEnabled", "true", true),
    ("文件服务地址", "ftp.resources.path", "/prod-api/files", true),
    ("地图密钥", "map.secret", "", false),
    ("地图 Key", "map.key", "", false),
    ("地图样式", "map.style", "", false),
];

/// Seeds the system data and the `admin` account with `admin_password` (hashed).
pub async fn seed_system(pool: &PgPool, admin_password: &str) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    seed_menus(&mut tx).await?;
    seed_dictionaries(&mut tx).await?;
    seed_configs(&mut tx).await?;
    let admin_role = ensure_role(&mut tx, "超级管理员", "admin", 1).await?;
    // The home page exists in every installation: the admin lands there.
    let admin = NewUser {
        user_name: "admin",
        nick_name: "超级管理员",
        password: admin_password,
        all_projects: true,
        default_menu: HOME_MENU,
    };
    let admin_id = ensure_user(&mut tx, &admin).await?;
    link_role(&mut tx, admin_id, admin_role).await?;
    // The organization's root, under which administrators build the tree.
    let root = sqlx::query_scalar!(
        "INSERT INTO identity.depts (dept_id, parent_id, ancestors, dept_name, dept_code, dept_type) \
         VALUES ($1, 0, '0', '总部', 'HQ', '1') ON CONFLICT DO NOTHING RETURNING dept_id",
        ROOT_DEPT_ID
    )
    .fetch_optional(&mut *tx)
    .await?;
    if root.is_some() {
        // Nodes added later take ids after the root.
        sqlx::query_scalar!(
            "SELECT setval('identity.depts_dept_id_seq', GREATEST($1, (SELECT max(dept_id) FROM identity.depts)))",
            ROOT_DEPT_ID
        )
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query!(
            "UPDATE identity.users SET dept_id = $1 WHERE user_id = $2 AND dept_id IS NULL",
            ROOT_DEPT_ID,
            admin_id
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The organization's root node (RuoYi's 100), made by the system seed.
pub const ROOT_DEPT_ID: i64 = 100;

/// The console's home page (`/index`), a default menu that exists for everyone.
pub const HOME_MENU: &str = "/index";

/// The demo seed's `operator` password. Refused outside demo mode, like the admin's.
pub const DEMO_OPERATOR_PASSWORD: &str = "operator123";
/// The demo seed's `guest` password: a user with no project at all.
pub const DEMO_GUEST_PASSWORD: &str = "guest123";

/// Every account the demo seed creates, with its well-known password: outside demo mode
/// none of them may still open the system with it.
pub const DEMO_ACCOUNTS: &[(&str, &str)] = &[
    ("admin", lumiscape_common::config::DEMO_ADMIN_PASSWORD),
    ("operator", DEMO_OPERATOR_PASSWORD),
    ("guest", DEMO_GUEST_PASSWORD),
];

/// The demo users besides `admin`: an operator who sees lighting, alarms and projects in
/// the first demo project only, and a guest who may look at lighting and alarms but has no
/// project (what a newly created user sees before a project is granted). A demo database
/// seeded before the admin's default menu was the home page gets it too.
pub async fn seed_demo(pool: &PgPool) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "UPDATE identity.users SET default_menu = $1 WHERE user_name = 'admin' AND default_menu = ''",
        HOME_MENU
    )
    .execute(&mut *tx)
    .await?;
    let guest_role = ensure_role(&mut tx, "访客", "guest", 3).await?;
    sqlx::query!(
        "INSERT INTO identity.role_menus (role_id, menu_id) \
         SELECT $1, menu_id FROM identity.menus WHERE menu_id IN (4, 7) OR parent_id IN (4, 7) \
         OR (parent_id IN (SELECT menu_id FROM identity.menus WHERE parent_id IN (4, 7)) \
             AND (perms LIKE '%:list' OR perms LIKE '%:query')) \
         ON CONFLICT DO NOTHING",
        guest_role
    )
    .execute(&mut *tx)
    .await?;
    let guest = NewUser {
        user_name: "guest",
        nick_name: "访客",
        password: DEMO_GUEST_PASSWORD,
        all_projects: false,
        default_menu: "/lighting/gateway",
    };
    let guest_id = ensure_user(&mut tx, &guest).await?;
    link_role(&mut tx, guest_id, guest_role).await?;
    let role = ensure_role(&mut tx, "运维人员", "operator", 2).await?;
    sqlx::query!(
        "INSERT INTO identity.role_menus (role_id, menu_id) \
         SELECT $1, menu_id FROM identity.menus WHERE menu_id IN (2, 4, 7) OR parent_id IN (2, 4, 7) \
         OR parent_id IN (SELECT menu_id FROM identity.menus WHERE parent_id IN (2, 4, 7)) \
         ON CONFLICT DO NOTHING",
        role
    )
    .execute(&mut *tx)
    .await?;
    let operator = NewUser {
        user_name: "operator",
        nick_name: "运维人员",
        password: DEMO_OPERATOR_PASSWORD,
        all_projects: false,
        default_menu: "/lighting/gateway",
    };
    let operator_id = ensure_user(&mut tx, &operator).await?;
    link_role(&mut tx, operator_id, role).await?;
    // An operations department under the root, where the operator works.
    let ops = sqlx::query_scalar!(
        "INSERT INTO identity.depts (parent_id, ancestors, dept_name, dept_code, dept_type, order_num, leader) \
         VALUES ($1::bigint, '0,' || $1::bigint::text, '运维部', 'OPS', '2', 1, '运维人员') \
         ON CONFLICT (parent_id, dept_name) DO UPDATE SET dept_code = EXCLUDED.dept_code RETURNING dept_id",
        ROOT_DEPT_ID
    )
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query!("UPDATE identity.users SET dept_id = $1 WHERE user_id = $2 AND dept_id IS NULL", ops, operator_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query!(
        "INSERT INTO identity.user_projects (user_id, project_id) VALUES ($1, 1) ON CONFLICT DO NOTHING",
        operator_id
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

struct MenuRow<'a> {
    id: i64,
    parent: i64,
    zh: &'a str,
    en: &'a str,
    order: i32,
    path: &'a str,
    component: &'a str,
    kind: &'a str,
    visible: bool,
    perms: String,
    icon: &'a str,
    module: &'a str,
}

async fn upsert_menu(conn: &mut PgConnection, m: &MenuRow<'_>) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO identity.menus (menu_id, parent_id, menu_name, menu_name_en, order_num, path, component, \
         menu_type, visible, perms, icon, menu_module) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
         ON CONFLICT (menu_id) DO UPDATE SET menu_name = EXCLUDED.menu_name, menu_name_en = EXCLUDED.menu_name_en",
        m.id,
        m.parent,
        m.zh,
        m.en,
        m.order,
        m.path,
        m.component,
        m.kind,
        m.visible,
        &m.perms,
        m.icon,
        m.module
    )
    .execute(conn)
    .await?;
    Ok(())
}

async fn seed_menus(conn: &mut PgConnection) -> sqlx::Result<()> {
    for (order, dir) in DIRECTORIES.iter().enumerate() {
        let dir_row = MenuRow {
            id: dir.id,
            parent: 0,
            zh: dir.zh,
            en: dir.en,
            order: order as i32 + 1,
            path: dir.path,
            component: "",
            kind: "M",
            visible: true,
            perms: String::new(),
            icon: dir.icon,
            module: dir.module,
        };
        upsert_menu(conn, &dir_row).await?;
        for (index, &(id, path, component, zh, en, perm, visible)) in dir.screens.iter().enumerate() {
            let screen = MenuRow {
                id,
                parent: dir.id,
                zh,
                en,
                order: index as i32 + 1,
                path,
                component,
                kind: "C",
                visible,
                perms: format!("pc:{perm}:list"),
                icon: dir.icon,
                module: dir.module,
            };
            upsert_menu(conn, &screen).await?;
            for &(offset, button_zh, button_en, action) in BUTTONS {
                let button = MenuRow {
                    id: id * 10 + offset,
                    parent: id,
                    zh: button_zh,
                    en: button_en,
                    order: offset as i32,
                    path: "",
                    component: "",
                    kind: "F",
                    visible: true,
                    perms: format!("pc:{perm}:{action}"),
                    icon: "",
                    module: dir.module,
                };
                upsert_menu(conn, &button).await?;
            }
            for &(_, offset, button_zh, button_en, action) in EXTRA_BUTTONS.iter().filter(|b| b.0 == id) {
                let button = MenuRow {
                    id: id * 10 + offset,
                    parent: id,
                    zh: button_zh,
                    en: button_en,
                    order: offset as i32,
                    path: "",
                    component: "",
                    kind: "F",
                    visible: true,
                    perms: format!("pc:{perm}:{action}"),
                    icon: "",
                    module: dir.module,
                };
                upsert_menu(conn, &button).await?;
            }
        }
    }
    for view in VIEWS {
        let Some(dir) = DIRECTORIES.iter().find(|d| d.id == view.directory) else { continue };
        let row = MenuRow {
            id: view.id,
            parent: dir.id,
            zh: view.zh,
            en: view.en,
            order: dir.screens.len() as i32 + 1,
            path: view.path,
            component: view.component,
            kind: "C",
            visible: true,
            perms: view.permission.to_owned(),
            icon: dir.icon,
            module: dir.module,
        };
        upsert_menu(conn, &row).await?;
    }
    let screen = MenuRow {
        id: DATA_SCREEN_MENU_ID,
        parent: 0,
        zh: "数据大屏",
        en: "Data Big Screen",
        order: DIRECTORIES.len() as i32 + 1,
        path: "dataScreen",
        component: "dataScreen/index",
        kind: "C",
        visible: true,
        perms: data_screen::VIEW.into(),
        icon: "dashboard",
        module: "dataScreen",
    };
    upsert_menu(conn, &screen).await
}

async fn seed_dictionaries(conn: &mut PgConnection) -> sqlx::Result<()> {
    for &(dict_type, zh, en, items) in DICTIONARIES {
        sqlx::query!(
            "INSERT INTO identity.dict_types (dict_name, dict_name_en, dict_type, builtin) VALUES ($1, $2, $3, TRUE) \
             ON CONFLICT (dict_type) DO NOTHING",
            zh,
            en,
            dict_type
        )
        .execute(&mut *conn)
        .await?;
        for (sort, &(value, label_zh, label_en)) in items.iter().enumerate() {
            sqlx::query!("INSERT INTO identity.dict_data (dict_sort, dict_label, dict_label_en, dict_value, dict_type, is_default, builtin) \
                 VALUES ($1, $2, $3, $4, $5, $6, TRUE) ON CONFLICT (dict_type, dict_value) DO NOTHING", sort as i32 + 1, label_zh, label_en, value, dict_type, sort == 0)
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

async fn seed_configs(conn: &mut PgConnection) -> sqlx::Result<()> {
    for &(name, key, value, is_public) in CONFIGS {
        sqlx::query!(
            "INSERT INTO identity.configs (config_name, config_key, config_value, config_type, is_public) \
             VALUES ($1, $2, $3, 'Y', $4) ON CONFLICT (config_key) DO NOTHING",
            name,
            key,
            value,
            is_public
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn ensure_role(conn: &mut PgConnection, name: &str, key: &str, sort: i32) -> sqlx::Result<i64> {
    sqlx::query!("INSERT INTO identity.roles (role_name, role_key, role_sort) VALUES ($1, $2, $3) ON CONFLICT (role_key) DO NOTHING", name, key, sort)
    .execute(&mut *conn)
    .await?;
    sqlx::query_scalar!("SELECT role_id FROM identity.roles WHERE role_key = $1", key).fetch_one(conn).await
}

struct NewUser<'a> {
    user_name: &'a str,
    nick_name: &'a str,
    password: &'a str,
    all_projects: bool,
    default_menu: &'a str,
}

/// Creates the user unless one of that name exists; an existing password is kept.
async fn ensure_user(conn: &mut PgConnection, user: &NewUser<'_>) -> anyhow::Result<i64> {
    let existing: Option<i64> =
        sqlx::query_scalar!("SELECT user_id FROM identity.users WHERE user_name = $1 AND NOT deleted", user.user_name)
            .fetch_optional(&mut *conn)
            .await?;
    if let Some(id) = existing {
        return Ok(id);
    }
    let password = user.password.to_owned();
    let hash = tokio::task::spawn_blocking(move || hash_password(&password)).await??;
    let id = sqlx::query_scalar!(
        "INSERT INTO identity.users (user_name, nick_name, password_hash, all_projects, default_menu) \
         VALUES ($1, $2, $3, $4, $5) RETURNING user_id",
        user.user_name,
        user.nick_name,
        hash,
        user.all_projects,
        user.default_menu
    )
    .fetch_one(conn)
    .await?;
    Ok(id)
}

async fn link_role(conn: &mut PgConnection, user_id: i64, role_id: i64) -> sqlx::Result<()> {
    sqlx::query!(
        "INSERT INTO identity.user_roles (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        user_id,
        role_id
    )
    .execute(conn)
    .await?;
    Ok(())
}
