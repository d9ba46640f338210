//! Server messages in Chinese and English. Every text a user can read comes from here, so
//! a request's language header decides the language of every answer.

use std::fmt;

/// The language of a request: `zh_CN` (the default) or `en_US`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

impl Lang {
    /// Reads the language header; anything but a recognised English tag falls back to Chinese.
    pub fn from_header(value: Option<&str>) -> Self {
        match value.map(str::trim) {
            Some("en_US" | "en-US" | "en" | "en_us") => Lang::En,
            _ => Lang::Zh,
        }
    }

    pub fn as_header(self) -> &'static str {
        match self {
            Lang::Zh => "zh_CN",
            Lang::En => "en_US",
        }
    }
}

/// A message a user can read, with its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    Success,
    /// A message another service wrote, already in the caller's language.
    Relayed(String),
    LoginSuccess,
    LogoutSuccess,
    BadCredentials,
    UserDisabled,
    CaptchaRequired,
    CaptchaExpired,
    CaptchaWrong,
    UsernameRequired,
    PasswordRequired,
    TokenMissing,
    TokenInvalid,
    SessionExpired,
    NoPermission,
    ProjectForbidden,
    ProjectIdInvalid,
    NotFound,
    RouteNotFound,
    MethodNotAllowed,
    /// A rate limit refused the request; the answer says when to try again.
    TooManyRequests,
    /// The whole request took longer than `http.request_timeout_seconds`.
    RequestTimeout {
        seconds: u64,
    },
    BodyTooLarge {
        limit_kb: u64,
    },
    BadRequest,
    /// A unique value the request gives is taken already.
    DuplicateRecord,
    /// The record is still referenced by others, or refers to one that does not exist.
    RecordReferenced,
    /// A value is longer or larger than its field holds.
    ValueTooLong,
    InvalidJson,
    /// A text field holds a NUL character, which no field accepts.
    NulCharacter,
    Internal,
    Unavailable,
    ConfigNotFound,
    ProjectNotFound,
    OtherSystemAuthFailed,
    TooManyFailures {
        attempts: u32,
        minutes: u64,
    },
    NickNameInvalid,
    PhoneInvalid,
    EmailInvalid,
    SexInvalid,
    PasswordLength,
    PasswordHasSpaces,
    OldPasswordWrong,
    NewPasswordSameAsOld,
    /// The password policy (`auth.password_policy`): too few characters.
    PasswordTooShort {
        min: u64,
    },
    PasswordNeedsUpper,
    PasswordNeedsLower,
    PasswordNeedsDigit,
    PasswordNeedsSpecial,
    AvatarMissing,
    AvatarInvalid,
    AvatarTooLarge {
        limit_kb: u64,
    },
    // ---- system administration ----
    StatusInvalid,
    DeptIdInvalid,
    DeptNotFound,
    DeptNameInvalid,
    DeptCodeInvalid,
    DeptTypeInvalid,
    OrderNumInvalid,
    LeaderInvalid,
    DeptParentNotFound,
    DeptParentIsSelf,
    DeptParentIsDescendant,
    DeptParentDisabled,
    DeptHasEnabledChildren,
    DeptHasChildren,
    DeptHasUsers,
    // ---- project addresses ----
    AddressIdInvalid,
    AddressNotFound,
    AddressNameRequired,
    AddressNameTooLong,
    AddressParentNotFound,
    AddressParentIsSelf,
    AddressParentIsDescendant,
    AddressHasChildrenCannotMove,
    AddressHasChildren,
    UserIdInvalid,
    UserNotFound,
    UserNameInvalid,
    RoleNotFound,
    AllProjectsInvalid,
    QualificationInvalid,
    UserIsSelf,
    UserIsAdmin,
    ImportFileMissing,
    ImportFileType,
    ImportFileUnreadable,
    ImportEmpty,
    ImportHeaderInvalid,
    ImportDuplicateInFile,
    DateInvalid,
    DeptNameTaken {
        name: String,
    },
    DeptCodeTaken {
        code: String,
    },
    AddressNameTaken {
        name: String,
    },
    // ---- project info ----
    /// A field's text longer than its column: the field's label in both languages.
    FieldTooLong {
        zh: &'static str,
        en: &'static str,
        max: u32,
    },
    ProjectNameRequired,
    ProjectNumberRequired,
    ProjectNumberInvalid,
    ProjectNumberTaken {
        number: String,
    },
    ProjectCityInvalid,
    ProjectAddressRequired,
    ProjectStatusInvalid,
    ProjectAcceptanceInvalid,
    ProjectStartDateInvalid,
    ProjectMapModeInvalid,
    ProjectMapLevelInvalid,
    ProjectLocationInvalid,
    ProjectLogoStatusInvalid,
    ProjectPicturePathInvalid,
    ProjectPicturesTooMany {
        max: u32,
    },
    ProjectModulesTooMany,
    ProjectModulePositionInvalid,
    ProjectModulePositionRepeated,
    ProjectModuleInvalid,
    ProjectModuleRepeated,
    ProjectIntervalInvalid {
        zh: &'static str,
        en: &'static str,
        min: u32,
        max: u32,
    },
    ProjectEnableInvalid,
    ProjectMediaKindInvalid,
    ProjectHasGateways {
        count: u64,
    },
    ProjectHasOpenAlarms {
        count: u64,
    },
    NoticeIdInvalid,
    NoticeNotFound,
    NoticeTitleRequired,
    NoticeTypeInvalid,
    NoticeStatusInvalid,
    NoticeClosedNotPublished,
    // ---- plan areas ----
    AreaIdInvalid,
    AreaNotFound,
    AreaNameRequired,
    AreaNameTaken {
        name: String,
    },
    AreaTypeInvalid,
    AreaColourInvalid,
    AreaOrderInvalid {
        max: u32,
    },
    AreaNotDrawn,
    AreaPointsOffPlan,
    AreaTooManyPoints {
        max: u32,
    },
    AreaEdgesCross,
    AreasTooMany {
        max: u32,
    },
    AreaPlanPictureMissing,
    PlanDeviceTypeInvalid,
    PlanDeviceIdInvalid,
    PlanDeviceNotPlaced,
    DeviceOutsideArea,
    AreaLeavesDevices {
        count: u64,
    },
    // ---- end plan areas ----
    // ---- end project info ----
    UserNameTaken {
        name: String,
    },
    UserExists {
        name: String,
    },
    TooManyQualifications {
        max: u32,
    },
    ImportTooManyRows {
        max: u32,
    },
    ImportFailed {
        count: u32,
    },
    ImportSucceeded {
        created: u32,
        updated: u32,
    },
    RoleIdInvalid,
    RoleNameInvalid,
    RoleKeyInvalid,
    RoleIsAdmin,
    DataScopeInvalid,
    MenuNotFound,
    SwitchInvalid,
    RoleNameTaken {
        name: String,
    },
    RoleKeyTaken {
        key: String,
    },
    RoleAssigned {
        name: String,
    },
    ConfigIdInvalid,
    ConfigNameInvalid,
    ConfigKeyInvalid,
    ConfigValueInvalid,
    ConfigTypeInvalid,
    BuiltinKeyFixed,
    DictIdInvalid,
    DictNameInvalid,
    DictTypeInvalid,
    DictTypeNotFound,
    DictLabelInvalid,
    DictValueInvalid,
    DictDataNotFound,
    ListClassInvalid,
    CssClassInvalid,
    ConfigKeyTaken {
        key: String,
    },
    BuiltinNotDeletable {
        name: String,
    },
    DictTypeTaken {
        dict_type: String,
    },
    DictTypeHasData {
        name: String,
    },
    DictValueTaken {
        value: String,
    },
    AccountLocked,
    LogIdInvalid,
    MenuIdInvalid,
    MenuNameInvalid,
    MenuTypeInvalid,
    MenuParentInvalid,
    MenuPathInvalid,
    MenuComponentInvalid,
    MenuPermsInvalid,
    MenuIconInvalid,
    MenuModuleInvalid,
    MenuHasChildren,
    MenuAssigned,
    MenuNameTaken {
        name: String,
    },
    AdviceTitleInvalid,
    AdviceContentInvalid,
    AdviceReplyInvalid,
    AdviceStatusInvalid,
    AdviceNotFound,
    JobIdInvalid,
    JobNameInvalid,
    JobGroupInvalid,
    JobTargetInvalid,
    CronInvalid,
    JobPolicyInvalid,
    JobNotFound,
    JobOnSchedule,
    JobNameTaken {
        name: String,
    },
    BackupFileMissing,
    BackupFileType,
    BackupNotSigned,
    BackupDamaged,
    BackupVersionMismatch {
        file: i64,
        current: i64,
    },
    BackupNotFound,
    BackupRestored {
        tables: u32,
        rows: u64,
    },
    // ---- end system administration ----
    // ---- lighting ----
    /// Lighting calls work inside one project; none was selected.
    ProjectRequired,
    GatewayIdInvalid,
    GatewayNotFound,
    /// The map: a device kind other than those located (gateways).
    DeviceTypeInvalid,
    /// The map: a device's coordinates out of range, not numbers, or only one of them.
    DeviceLocationInvalid,
    /// The map: a viewport not made of four coordinates and a zoom level.
    MapViewportInvalid,
    GatewayNameInvalid,
    GatewayNumberInvalid,
    GatewayNumberTaken {
        number: String,
    },
    CommunicationTypeInvalid,
    LoopCountInvalid,
    LoopIndexInvalid {
        max: u32,
    },
    LoopGivenTwice {
        index: u32,
    },
    LoopNameInvalid,
    RemarkInvalid,
    PageInvalid,
    OnlineStatusInvalid,
    SearchTooLong,
    /// A city list's province filter that is not a 2-digit division code.
    ProvinceCodeInvalid,
    HoursInvalid,
    /// A switch command without saying on or off.
    SwitchStateRequired,
    TooManyIds {
        max: u32,
    },
    // ---- end lighting ----
    // ---- alarm ----
    /// No project selected for a call that works inside one.
    AlarmNameInvalid,
    AlarmDeviceTypeInvalid,
    AlarmLevelInvalid,
    AlarmContentZhInvalid,
    AlarmContentEnInvalid,
    AlarmTriggerAttributeInvalid,
    AlarmTriggerComparisonInvalid,
    AlarmTriggerValueInvalid,
    AlarmTriggerDurationInvalid,
    AlarmRecoveryAttributeInvalid,
    AlarmRecoveryComparisonInvalid,
    /// The spec's rule (section 5): a positive number with 1 to 3 decimals.
    AlarmRecoveryValueInvalid,
    AlarmRecoveryDurationInvalid,
    /// The spec's rule (section 5): auto processing needs a recovery condition.
    AlarmRecoveryRequired,
    AlarmRecoveryIncomplete,
    /// A device event's trigger that does not mean "active".
    AlarmEventTriggerInvalid,
    /// A device event's recovery that is not the same event "ended".
    AlarmEventRecoveryInvalid,
    AlarmAutoProcessingInvalid,
    AlarmAutoWorkOrderInvalid,
    AlarmTypeStatusInvalid,
    AlarmTypeIdInvalid,
    AlarmTypeNotFound,
    AlarmIdInvalid,
    AlarmNotFound,
    /// The alarm trend's number of days (1 to 31).
    AlarmTrendDaysInvalid,
    /// A UTC offset in minutes (-720 to 840).
    UtcOffsetInvalid,
    /// The data big screen without a selected project (spec section 8, word for word).
    ScreenProjectRequired,
    /// The monitored categories of a project (`getMonitorType`).
    MonitorGateways,
    MonitorLoops,
    MonitorAlarms,
    AlarmStatusInvalid,
    AlarmTimeInvalid,
    AlarmNotOpen,
    AlarmNotUnprocessed,
    AlarmCloseReasonInvalid,
    WorkOrderNotFound,
    WorkOrderIdInvalid,
    WorkOrderFinished,
    WorkOrderNotUnassigned,
    WorkOrderNotInProgress,
    WorkOrderNotReturnable,
    WorkOrderNotPendingConfirmation,
    WorkOrderActionInvalid,
    WorkOrderTypeInvalid,
    WorkOrderQuestionInvalid,
    WorkOrderUrgencyInvalid,
    WorkOrderStatusInvalid,
    WorkOrderExpectedTimeInvalid,
    WorkOrderDescriptionInvalid,
    WorkOrderAddressTooLong,
    WorkOrderAlarmRequired,
    WorkOrderAlarmTaken,
    WorkOrderAttachmentsInvalid,
    WorkOrderNoteInvalid,
    WorkOrderHandlerRequired,
    WorkOrderHandlerNotMember,
    WorkOrderScoreInvalid,
    WorkOrderEvaluationTooLong,
    WorkOrderCloseReasonInvalid,
    InspectionIdInvalid,
    InspectionTeamNotFound,
    InspectionRouteNotFound,
    InspectionPlanNotFound,
    InspectionTaskNotFound,
    InspectionNameInvalid {
        max: usize,
    },
    InspectionNameTaken {
        name: String,
    },
    InspectionRemarkTooLong,
    InspectionMembersInvalid,
    InspectionMemberNotMember,
    InspectionPointsInvalid,
    InspectionPointTypeInvalid,
    InspectionPointDuplicate,
    InspectionPointNotFound,
    InspectionRouteRequired,
    InspectionTeamRequired,
    InspectionPeriodInvalid,
    InspectionPlanStatusInvalid,
    InspectionPlanDatesRequired,
    InspectionPlanDatePast,
    InspectionPlanStartAfterEnd,
    InspectionTeamInUse,
    InspectionRouteInUse,
    InspectionTaskTimesRequired,
    InspectionTaskStartAfterEnd,
    InspectionTaskStatusInvalid,
    InspectionDescriptionRequired,
    InspectionTaskNotStarted,
    InspectionTaskFinished,
    InspectionTaskExpired,
    InspectionTaskFinishedKept,
    InspectionResultsIncomplete,
    InspectionResultInvalid,
    InspectionWorkOrderNotAbnormal,
    MaintenanceIdInvalid,
    MaintenanceCompanyNotFound,
    MaintenanceContractNotFound,
    MaintenancePlanNotFound,
    MaintenanceNameInvalid {
        max: usize,
    },
    MaintenanceNameTaken {
        name: String,
    },
    MaintenanceContractNumberTaken {
        number: String,
    },
    MaintenanceCompanyRequired,
    MaintenanceContractRequired,
    MaintenanceCompanyInUse,
    MaintenanceContractInUse,
    MaintenanceContractNumberInvalid,
    MaintenanceContractDatesRequired,
    MaintenanceContractDatePast,
    MaintenanceContractStartAfterEnd,
    MaintenanceAmountInvalid,
    MaintenanceContractStateInvalid,
    MaintenancePlanDateInvalid,
    MaintenancePlanOutsideContract,
    MaintenancePlanFinished,
    MaintenanceResultRequired,
    MaintenanceStatusInvalid,
    AssetIdInvalid,
    AssetTypeNotFound,
    AssetNotFound,
    AssetRecordNotFound,
    AssetNameInvalid {
        max: usize,
    },
    AssetCodeInvalid,
    AssetCodeTaken {
        code: String,
    },
    AssetAttributeTypeInvalid,
    AssetAttributesInvalid,
    AssetOptionsDefault,
    AssetOptionValueEmpty,
    AssetOptionsRequired,
    AssetRangeRequired,
    AssetAttributeValueInvalid {
        name: String,
    },
    AssetAttributeRequired {
        name: String,
    },
    AssetTypeRequired,
    AssetTypeInUse,
    AssetValueInvalid,
    AssetResidualRateInvalid,
    AssetLimitInvalid,
    AssetDateInvalid,
    AssetStatusInvalid,
    AssetInUse,
    AssetRecordAssetsRequired,
    AssetReturnRecordRequired,
    AssetRecordTypeInvalid,
    AssetNotIdle {
        code: String,
    },
    AssetScrapped {
        code: String,
    },
    AssetNotReturnable,
    AssetScrapNotCancellable,
    /// The sentence of an alarm's detail: `attribute` is the attribute's key (`current`),
    /// `threshold` and `value` are already formatted.
    AlarmDetail {
        attribute: String,
        comparison: String,
        threshold: String,
        value: String,
    },
    // ---- end alarm ----
    // ---- schedule (scenes, tasks, the site) ----
    SceneNotFound,
    SceneNameInvalid,
    SceneNameTaken {
        name: String,
    },
    SceneTypeInvalid,
    SceneLoopsInvalid {
        max: u32,
    },
    /// The spec's rule: scene parameters are non-empty and numeric.
    SceneParameterInvalid,
    SceneInUse {
        task: String,
    },
    /// Combined scenes.
    CombinedExecutionInvalid,
    CombinedRepeatInvalid,
    CombinedMembersInvalid {
        max: u32,
    },
    CombinedMemberMinutesInvalid {
        min: u32,
        max: u32,
    },
    CombinedMemberRepeated,
    CombinedMemberCombined,
    SceneInCombined {
        name: String,
    },
    CombinedSceneAlone,
    TaskNotFound,
    TaskNameInvalid,
    TaskPriorityInvalid,
    TaskWeekdaysInvalid,
    TaskDateRangeInvalid,
    TaskTimeInvalid,
    TaskOffsetInvalid {
        max: u32,
    },
    /// The spec's text for a task or a delivery without a scene.
    NoSceneToDeliver,
    TaskScenesTooMany {
        max: u32,
    },
    TaskGatewaysInvalid {
        max: u32,
    },
    /// The spec's rule: a scheduled task must be disabled before edit or delete.
    TaskEnabled,
    /// Only an enabled task is issued to its gateways.
    TaskNotEnabled {
        name: String,
    },
    /// Why an issued schedule is no longer current (kept beside the gateway's schedule).
    PlanChanged,
    SiteLocationInvalid,
    TimeZoneInvalid,
    SiteNotSet,
    PlanDateInvalid,
    CategoryNotFound,
    CategoryNameInvalid,
    CategoryCodeInvalid,
    CategoryCodeTaken {
        code: String,
    },
    CategoryHasTypes,
    TypeNotFound,
    TypeNameInvalid,
    TypeCodeInvalid,
    TypeCodeTaken {
        code: String,
    },
    TypeValueInvalid,
    StatusCheckInvalid,
    MinimumBurnInvalid,
    DeviceNotFound,
    DeviceNameInvalid,
    DeviceCodeInvalid,
    DeviceCodeTaken {
        code: String,
    },
    DeviceLoopInvalid,
    DeviceAddressInvalid,
    DeviceStatusInvalid,
    /// A type that devices are of cannot be deleted.
    TypeHasDevices,
    GroupNotFound,
    GroupNameInvalid,
    GroupNameTaken {
        name: String,
    },
    GroupTooManyDevices {
        max: u32,
    },
    /// Group control found no device in service.
    GroupHasNoDevice,
    HoldMinutesInvalid,
    /// A switch's brightness is not a whole number from 1 to 100.
    BrightnessInvalid,
    /// A brightness given with switching off.
    BrightnessOnlyOn,
    /// Spec section 5: no cross-month query for communication records.
    CommunicationCrossMonth,
    /// Energy statistics (issue 13).
    EnergyGranularityInvalid,
    EnergyDateInvalid,
    EnergyRangeReversed,
    EnergyRangeTooLong {
        granularity: &'static str,
        max: u32,
    },
    EnergyLoopWithoutGateway,
    EnergyPriceInvalid,
    EnergyHourBandsInvalid,
    EnergyBaselineInvalid,
    EnergyNoteTooLong {
        max: u32,
    },
    EnergyViewInvalid,
    EnergyRankLimitInvalid {
        max: u32,
    },
    EnergyNotHeld {
        first: String,
    },
    EnergyRebuildFuture,
    /// Hourly figures asked for before the first day whose hours are still kept.
    EnergyHoursNotHeld {
        first: String,
    },
    /// Hourly figures whose last-year baseline is before the first day whose hours are kept.
    EnergyBaselineNotHeld {
        first: String,
    },
    /// Gateway versions and upgrades (issue 13).
    GatewayTypeInvalid,
    GatewayBrandInvalid,
    FirmwareNotBin,
    FirmwareTooLarge,
    FirmwareEmpty,
    FirmwareContentInvalid {
        detected: String,
    },
    FirmwareVersionInvalid,
    FirmwareTypeInvalid,
    FirmwareNotesInvalid,
    FirmwareVersionTaken,
    FirmwareNotFound,
    FirmwareIdInvalid,
    GroupIdInvalid,
    CampaignIdInvalid,
    FirmwareInUse,
    UpgradeTypeMixed,
    UpgradeTypeMismatch {
        firmware: String,
        gateways: String,
    },
    UpgradeScopeInvalid,
    UpgradeNoGateways,
    UpgradeConcurrencyInvalid,
    UpgradeThresholdInvalid,
    UpgradeStateInvalid,
    CampaignStateInvalid,
    CampaignNotFound,
    CampaignActionRefused,
    UpgradeGatewayBusy {
        gateway: String,
    },
    UpgradeFailedNoAnswer,
    UpgradeFailedOffline,
    UpgradeFailedRejected {
        reason: String,
    },
    UpgradeFailedOldVersion {
        version: String,
    },
    UpgradeFailedNotConfirmed,
    /// Batch parameter setting (issue 13).
    ParamsBrandMixed,
    ParamsBrandMissing {
        gateway: String,
    },
    ParamsNone,
    ParamsHeartbeatInvalid,
    ParamsTelemetryInvalid,
    ParamsNoGateways,
    ParamsTooManyGateways {
        max: u32,
    },
    CampaignStoppedFailureRate {
        rate: u32,
        threshold: u32,
    },
    TimingNotFound,
    TimingTimeInvalid,
    /// Spec section 5: timing one-key control.
    TimingEndBeforeStart,
    TimingStartPast,
    TimingTooLong,
    /// A schedule for a gateway that is away waits in the plan's queue.
    ScheduleQueuedOffline {
        hours: u64,
    },
    /// A schedule the gateway did not acknowledge is sent again by the plan.
    ScheduleQueuedRetry {
        hours: u64,
    },
    /// A queued command was not sent before its expiry.
    CommandExpired,
    /// A queued command was sent its every try without an acknowledgement.
    CommandGivenUp {
        attempts: i32,
    },
    /// The command log's filter: an action, source or result it does not know.
    CommandFilterInvalid,
    // ---- end schedule ----
    // ---- bridge ----
    /// The spec's text for a command to an offline gateway.
    DeviceOffline,
    /// No acknowledgement came from the gateway in time.
    CommandTimeout {
        seconds: u64,
    },
    /// The gateway answered the command with an error of its own.
    DeviceRejected {
        reason: String,
    },
    // ---- end bridge ----
    // ---- files ----
    /// The spec's text (section 8) for an upload type other than 1, 2 or 3.
    FileTypeError,
    UploadFileMissing,
    /// The content is none of the type's formats (`allowed`: "png, jpg, gif, webp").
    FileContentInvalid {
        allowed: String,
    },
    /// The name's extension says another format than the content.
    FileExtensionMismatch {
        extension: String,
        detected: String,
    },
    FileTooLarge {
        limit_kb: u64,
    },
    /// Uploads were sent but no store is configured (`http.files_dir` unset).
    FileStoreMissing,
    FileIdInvalid,
    FileNotFound,
    FileNameRequired,
    FileNameTooLong,
    FileTypeFilterInvalid,
    FileAuditStatusInvalid,
    FileAuditReasonRequired,
    FileAuditReasonTooLong,
    /// The spec's rule (section 5): a file being processed (cut, converted) cannot be edited.
    FileBeingProcessed,
    // ---- end files ----
}

impl Msg {
    /// The text of the message in the given language.
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        let pick = |z: &str, e: &str| if zh { z.to_owned() } else { e.to_owned() };
        match self {
            Msg::Success => pick("操作成功", "Operation successful"),
            Msg::Relayed(text) => text.clone(),
            Msg::LoginSuccess => pick("登录成功", "Login successful"),
            Msg::LogoutSuccess => pick("退出成功", "Logout successful"),
            Msg::BadCredentials => pick("用户不存在/密码错误", "User does not exist or password is incorrect"),
            Msg::UserDisabled => pick("用户不存在/密码错误", "User does not exist or password is incorrect"),
            Msg::CaptchaRequired => pick("验证码不能为空", "Captcha is required"),
            Msg::CaptchaExpired => pick("验证码已失效", "Captcha has expired"),
            Msg::CaptchaWrong => pick("验证码错误", "Captcha is incorrect"),
            Msg::UsernameRequired => pick("用户名不能为空", "Username is required"),
            Msg::PasswordRequired => pick("密码不能为空", "Password is required"),
            Msg::TokenMissing => {
                pick("认证失败，无法访问系统资源", "Authentication failed, cannot access system resources")
            }
            Msg::TokenInvalid => pick("令牌无效，请重新登录", "Invalid token, please log in again"),
            Msg::SessionExpired => pick("登录状态已过期，请重新登录", "Login state has expired, please log in again"),
            Msg::NoPermission => pick("没有权限，请联系管理员授权", "No permission, please contact the administrator"),
            Msg::ProjectForbidden => pick("无权访问该项目", "You may not access this project"),
            Msg::ProjectIdInvalid => pick("项目编号格式错误", "Invalid project id"),
            Msg::NotFound => pick("资源不存在", "Resource does not exist"),
            Msg::RouteNotFound => pick("请求地址不存在", "Request address does not exist"),
            Msg::MethodNotAllowed => pick("请求方法不支持", "Request method not supported"),
            Msg::TooManyRequests => pick("请求过于频繁，请稍后再试", "Too many requests, please try again later"),
            Msg::RequestTimeout { seconds } => {
                if zh {
                    format!("请求处理超过 {seconds} 秒已中止，操作可能已生效，请刷新后确认再重试")
                } else {
                    format!(
                        "The request took more than {seconds} s and was stopped; it may still have taken effect, refresh to check before trying again"
                    )
                }
            }
            Msg::BodyTooLarge { limit_kb } => {
                if zh {
                    format!("请求内容过大，最大 {limit_kb} KB")
                } else {
                    format!("Request body too large, at most {limit_kb} KB")
                }
            }
            Msg::BadRequest => pick("请求参数错误", "Invalid request parameters"),
            Msg::DuplicateRecord => pick("记录已存在，请勿重复添加", "The record already exists"),
            Msg::RecordReferenced => pick(
                "数据仍被引用或引用的数据不存在，无法完成操作",
                "The record is still in use, or refers to one that does not exist",
            ),
            Msg::ValueTooLong => pick("输入内容超出字段长度或范围", "A value is too long or out of range"),
            Msg::InvalidJson => pick("请求内容格式错误", "Malformed request body"),
            Msg::NulCharacter => {
                pick("文本中不能包含空字符（\\u0000）", "Text may not contain the NUL character (\\u0000)")
            }
            Msg::Internal => {
                pick("系统内部错误，请联系管理员", "Internal system error, please contact the administrator")
            }
            Msg::Unavailable => {
                pick("服务暂不可用，请稍后重试", "Service temporarily unavailable, please try again later")
            }
            Msg::ConfigNotFound => pick("参数不存在", "Parameter does not exist"),
            Msg::ProjectNotFound => pick("项目不存在！", "Project does not exist!"),
            Msg::OtherSystemAuthFailed => pick("认证信息异常", "Abnormal authentication information"),
            Msg::TooManyFailures { attempts, minutes } => {
                if zh {
                    format!("密码输入错误{attempts}次，帐户锁定{minutes}分钟")
                } else {
                    format!("Wrong password {attempts} times, account locked for {minutes} minutes")
                }
            }
            Msg::NickNameInvalid => {
                pick("用户昵称不能为空，且不超过30个字符", "Nickname is required and at most 30 characters")
            }
            Msg::PhoneInvalid => pick("请输入正确的手机号码", "Please enter a valid mobile phone number"),
            Msg::EmailInvalid => pick("请输入正确的邮箱地址", "Please enter a valid email address"),
            Msg::SexInvalid => pick("性别取值不正确", "Invalid gender"),
            Msg::PasswordLength => pick("用户密码长度必须在6到20个字符之间", "The password must be 6 to 20 characters"),
            Msg::PasswordHasSpaces => pick("密码不能包含空格", "The password may not contain spaces"),
            Msg::OldPasswordWrong => {
                pick("修改密码失败，旧密码错误", "Password change failed: the old password is wrong")
            }
            Msg::NewPasswordSameAsOld => {
                pick("新密码不能与旧密码相同", "The new password must differ from the old one")
            }
            Msg::PasswordTooShort { min } => {
                if zh {
                    format!("密码不符合安全策略：长度至少{min}个字符")
                } else {
                    format!("The password does not meet the policy: at least {min} characters")
                }
            }
            Msg::PasswordNeedsUpper => pick(
                "密码不符合安全策略：须包含大写字母",
                "The password does not meet the policy: it needs an upper-case letter",
            ),
            Msg::PasswordNeedsLower => pick(
                "密码不符合安全策略：须包含小写字母",
                "The password does not meet the policy: it needs a lower-case letter",
            ),
            Msg::PasswordNeedsDigit => {
                pick("密码不符合安全策略：须包含数字", "The password does not meet the policy: it needs a digit")
            }
            Msg::PasswordNeedsSpecial => pick(
                "密码不符合安全策略：须包含特殊字符",
                "The password does not meet the policy: it needs a special character",
            ),
            Msg::StatusInvalid => pick("状态取值不正确", "Invalid status"),
            Msg::DeptIdInvalid => pick("组织编号不正确", "Invalid organization id"),
            Msg::DeptNotFound => pick("组织不存在", "The organization does not exist"),
            Msg::DeptNameInvalid => pick(
                "组织名称不能为空，且不超过50个字符",
                "The organization name is required and at most 50 characters",
            ),
            Msg::DeptCodeInvalid => pick(
                "组织编码只能包含字母、数字、下划线和连字符，且不超过50个字符",
                "The organization code may hold only letters, digits, underscores and hyphens, at most 50 characters",
            ),
            Msg::DeptTypeInvalid => pick("组织类型不正确", "Invalid organization type"),
            Msg::OrderNumInvalid => {
                pick("显示排序必须是0到9999的整数", "The display order must be a whole number from 0 to 9999")
            }
            Msg::LeaderInvalid => pick("负责人不超过30个字符", "The principal is at most 30 characters"),
            Msg::DeptParentNotFound => pick("上级组织不存在", "The parent organization does not exist"),
            Msg::DeptParentIsSelf => pick("上级组织不能是自己", "An organization cannot be its own parent"),
            Msg::DeptParentIsDescendant => {
                pick("上级组织不能是自己的下级", "An organization cannot move under one of its own descendants")
            }
            Msg::DeptParentDisabled => {
                pick("上级组织已停用，不允许新增", "The parent organization is disabled: nothing can be added under it")
            }
            Msg::DeptHasEnabledChildren => {
                pick("该组织包含未停用的下级组织！", "This organization has lower organizations that are not disabled!")
            }
            Msg::DeptHasChildren => {
                pick("存在下级组织，不允许删除", "It has lower organizations and cannot be deleted")
            }
            Msg::DeptHasUsers => pick("组织存在用户，不允许删除", "It has users and cannot be deleted"),
            Msg::AddressIdInvalid => pick("地址编号不正确", "Invalid address id"),
            Msg::AddressNotFound => pick("地址不存在", "The address does not exist"),
            Msg::AddressNameRequired => pick("地址名称不能为空", "The address name cannot be empty"),
            Msg::AddressNameTooLong => {
                pick("地址名称不能超过50个字符", "The address name may be at most 50 characters")
            }
            Msg::AddressParentNotFound => pick("上级地址不存在", "The parent address does not exist"),
            Msg::AddressParentIsSelf => pick("上级地址不能是自己", "An address cannot be its own parent"),
            Msg::AddressParentIsDescendant => {
                pick("上级地址不能是自己的下级", "An address cannot move under one of its own descendants")
            }
            Msg::AddressHasChildrenCannotMove => {
                pick("该地址存在下级地址，不能修改上级地址", "An address with children cannot change parent")
            }
            Msg::AddressHasChildren => pick("存在下级地址，不允许删除", "It has lower addresses and cannot be deleted"),
            Msg::UserIdInvalid => pick("用户编号不正确", "Invalid user id"),
            Msg::UserNotFound => pick("用户不存在", "The user does not exist"),
            Msg::UserNameInvalid => pick(
                "用户账号长度必须在2到30个字符之间，只能包含字母、数字、下划线和连字符",
                "The account must be 2 to 30 characters of letters, digits, underscores and hyphens",
            ),
            Msg::RoleNotFound => pick("角色不存在或已停用", "The role does not exist or is disabled"),
            Msg::AllProjectsInvalid => pick("项目权限取值不正确", "Invalid project permission"),
            Msg::QualificationInvalid => pick(
                "资质编码和名称不能为空，编码不超过50个字符，名称不超过100个字符",
                "A qualification needs a code (at most 50 characters) and a name (at most 100 characters)",
            ),
            Msg::UserIsSelf => pick("不能对当前登录用户执行此操作", "This cannot be done to the signed-in user"),
            Msg::UserIsAdmin => pick("不允许操作超级管理员用户", "The super administrator cannot be changed this way"),
            Msg::ImportFileMissing => pick("请选择要导入的文件", "Please choose a file to import"),
            Msg::ImportFileType => pick("只能导入xls或xlsx格式的文件", "Only xls or xlsx files can be imported"),
            Msg::ImportFileUnreadable => {
                pick("文件内容不是有效的Excel工作簿", "The file is not a valid Excel workbook")
            }
            Msg::ImportEmpty => pick("导入用户数据不能为空！", "The file holds no users to import!"),
            Msg::ImportHeaderInvalid => pick(
                "表头与导入模板不一致，请下载模板后填写",
                "The header row differs from the template: please download the template and fill it in",
            ),
            Msg::DateInvalid => pick("日期格式不正确，应为YYYY-MM-DD", "Invalid date: use YYYY-MM-DD"),
            Msg::ImportDuplicateInFile => pick("账号在文件中重复", "The account appears more than once in the file"),
            Msg::DeptNameTaken { name } => {
                if zh {
                    format!("保存组织'{name}'失败，同级组织名称已存在")
                } else {
                    format!("Organization '{name}' could not be saved: a sibling has that name")
                }
            }
            Msg::DeptCodeTaken { code } => {
                if zh {
                    format!("保存组织失败，组织编码'{code}'已存在")
                } else {
                    format!("The organization could not be saved: the code '{code}' is taken")
                }
            }
            // ---- project info ----
            Msg::FieldTooLong { zh: label_zh, en: label_en, max } => {
                if zh {
                    format!("{label_zh}不能超过{max}个字符")
                } else {
                    format!("{label_en} can be at most {max} characters")
                }
            }
            Msg::ProjectNameRequired => pick("项目名称不能为空", "The project name cannot be empty"),
            Msg::ProjectNumberRequired => pick("项目编号不能为空", "The project number cannot be empty"),
            Msg::ProjectNumberInvalid => pick(
                "项目编号只能包含字母、数字、下划线和连字符",
                "The project number may hold only letters, digits, underscores and hyphens",
            ),
            Msg::ProjectNumberTaken { number } => {
                if zh {
                    format!("保存项目失败，项目编号'{number}'已存在")
                } else {
                    format!("The project could not be saved: number '{number}' is taken")
                }
            }
            Msg::ProjectCityInvalid => pick("请选择所在城市", "Please choose the project's city from the list"),
            Msg::ProjectAddressRequired => pick("项目地址不能为空", "The project address cannot be empty"),
            Msg::ProjectStatusInvalid => pick(
                "项目状态应为拟建、在建、竣工或停工",
                "The project status must be proposed, under construction, completed or stopped",
            ),
            Msg::ProjectAcceptanceInvalid => pick(
                "验收状态应为已验收、待验收或未通过",
                "The acceptance must be accepted, to be accepted or not passed",
            ),
            Msg::ProjectStartDateInvalid => {
                pick("开工时间格式应为年-月-日", "The start date must be a date (YYYY-MM-DD)")
            }
            Msg::ProjectMapModeInvalid => {
                pick("地图模式应为地图或平面图", "The map mode must be the map or the plan picture")
            }
            Msg::ProjectMapLevelInvalid => pick("地图级别应在3到18之间", "The map level must be 3 to 18"),
            Msg::ProjectLocationInvalid => pick(
                "经度应在-180到180之间，纬度应在-90到90之间，且须同时填写",
                "Longitude must be -180 to 180 and latitude -90 to 90, both or neither",
            ),
            Msg::ProjectLogoStatusInvalid => pick("菜单Logo状态应为0或1", "The menu logo status must be 0 or 1"),
            Msg::ProjectPicturePathInvalid => {
                pick("图片路径不正确，请重新上传", "A picture's path is not a stored file; please upload it again")
            }
            Msg::ProjectPicturesTooMany { max } => {
                if zh {
                    format!("轮播图最多{max}张")
                } else {
                    format!("At most {max} carousel pictures")
                }
            }
            Msg::ProjectModulesTooMany => pick("最多选择6个模块", "At most 6 modules"),
            Msg::ProjectModulePositionInvalid => pick("模块位置应在1到6之间", "A module's position must be 1 to 6"),
            Msg::ProjectModulePositionRepeated => pick("模块位置不能重复", "Module positions cannot repeat"),
            Msg::ProjectModuleInvalid => pick("模块不存在", "Unknown module"),
            Msg::ProjectModuleRepeated => pick("模块不能重复选择", "A module can be chosen only once"),
            Msg::ProjectIntervalInvalid { zh: label_zh, en: label_en, min, max } => {
                if zh {
                    format!("{label_zh}应在{min}到{max}秒之间")
                } else {
                    format!("{label_en} must be {min} to {max} seconds")
                }
            }
            Msg::ProjectEnableInvalid => {
                pick("启用状态应为0（停用）或1（启用）", "Enabled must be 0 (disabled) or 1 (enabled)")
            }
            Msg::ProjectMediaKindInvalid => {
                pick("图片类型应为 logo、carousel 或 plan", "The picture kind must be logo, carousel or plan")
            }
            Msg::ProjectHasGateways { count } => {
                if zh {
                    format!("项目下还有{count}个网关，不允许删除")
                } else {
                    format!("The project still has {count} gateway(s) and cannot be deleted")
                }
            }
            Msg::ProjectHasOpenAlarms { count } => {
                if zh {
                    format!("项目还有{count}条未关闭的告警，不允许删除")
                } else {
                    format!("The project still has {count} open alarm(s) and cannot be deleted")
                }
            }
            Msg::NoticeIdInvalid => pick("公告编号不正确", "Invalid announcement id"),
            Msg::NoticeNotFound => pick("公告不存在", "The announcement does not exist"),
            Msg::NoticeTitleRequired => pick("公告标题不能为空", "The announcement title cannot be empty"),
            Msg::NoticeTypeInvalid => pick("公告类型应为通知或公告", "The type must be a notice or an announcement"),
            Msg::NoticeStatusInvalid => pick("公告状态应为正常或关闭", "The status must be normal or closed"),
            Msg::NoticeClosedNotPublished => pick("已关闭的公告不能发布", "A closed announcement cannot be published"),
            Msg::AreaIdInvalid => pick("区域编号不正确", "Invalid area id"),
            Msg::AreaNotFound => pick("区域不存在", "The area does not exist"),
            Msg::AreaNameRequired => pick("区域名称不能为空", "The area name cannot be empty"),
            Msg::AreaNameTaken { name } => {
                if zh {
                    format!("保存区域'{name}'失败，区域名称已存在")
                } else {
                    format!("Area '{name}' could not be saved: the plan has an area of that name")
                }
            }
            Msg::AreaTypeInvalid => pick("区域类型应为区域或建筑", "The type must be an area or a building"),
            Msg::AreaColourInvalid => pick("颜色应为 #RRGGBB 形式", "The colour must be written #RRGGBB"),
            Msg::AreaOrderInvalid { max } => {
                if zh {
                    format!("显示顺序应为0到{max}的整数")
                } else {
                    format!("The display order must be a whole number from 0 to {max}")
                }
            }
            Msg::AreaNotDrawn => pick("请先绘制区域", "An area must be drawn first"),
            Msg::AreaPointsOffPlan => pick("区域的点必须在平面图内", "Every point must lie on the plan picture"),
            Msg::AreaTooManyPoints { max } => {
                if zh {
                    format!("一个区域最多{max}个点")
                } else {
                    format!("An area has at most {max} points")
                }
            }
            Msg::AreaEdgesCross => pick("区域的边不能相交", "The area's edges must not cross"),
            Msg::AreasTooMany { max } => {
                if zh {
                    format!("一个平面图最多{max}个区域和建筑")
                } else {
                    format!("A plan holds at most {max} areas and buildings")
                }
            }
            Msg::AreaPlanPictureMissing => pick("请先上传项目平面图", "Upload the project's plan picture first"),
            Msg::PlanDeviceTypeInvalid => pick("设备类型不正确", "Invalid device type"),
            Msg::PlanDeviceIdInvalid => pick("设备编号不正确", "Invalid device id"),
            Msg::PlanDeviceNotPlaced => pick("该设备不在平面图上", "The device is not on the plan"),
            Msg::DeviceOutsideArea => pick("设备必须放在区域内", "The device must be placed inside the area"),
            Msg::AreaLeavesDevices { count } => {
                if zh {
                    format!("新的区域轮廓会把{count}个已放置的设备留在区域外，请先移动设备")
                } else {
                    format!("The new outline would leave {count} placed device(s) outside the area; move them first")
                }
            }
            // ---- end project info ----
            Msg::AddressNameTaken { name } => {
                if zh {
                    format!("保存地址'{name}'失败，同级地址名称已存在")
                } else {
                    format!("Address '{name}' could not be saved: a sibling has that name")
                }
            }
            Msg::UserNameTaken { name } => {
                if zh {
                    format!("保存用户'{name}'失败，登录账号已存在")
                } else {
                    format!("User '{name}' could not be saved: the account exists")
                }
            }
            Msg::UserExists { name } => {
                if zh {
                    format!("账号 {name} 已存在")
                } else {
                    format!("The account {name} exists")
                }
            }
            Msg::TooManyQualifications { max } => {
                if zh {
                    format!("资质最多{max}条")
                } else {
                    format!("At most {max} qualifications")
                }
            }
            Msg::ImportTooManyRows { max } => {
                if zh {
                    format!("一次最多导入{max}条")
                } else {
                    format!("At most {max} rows can be imported at once")
                }
            }
            Msg::ImportFailed { count } => {
                if zh {
                    format!("很抱歉，导入失败！共 {count} 条数据不正确，未导入任何数据，错误见下表")
                } else {
                    format!(
                        "Import failed: {count} rows are not valid and nothing was imported; see the table of errors"
                    )
                }
            }
            Msg::ImportSucceeded { created, updated } => {
                if zh {
                    format!("恭喜您，数据已全部导入成功！新增 {created} 条，更新 {updated} 条")
                } else {
                    format!("All rows were imported: {created} added, {updated} updated")
                }
            }
            Msg::RoleIdInvalid => pick("角色编号不正确", "Invalid role id"),
            Msg::RoleNameInvalid => {
                pick("角色名称不能为空，且不超过30个字符", "The role name is required and at most 30 characters")
            }
            Msg::RoleKeyInvalid => pick(
                "权限字符不能为空，不超过100个字符，只能包含字母、数字、下划线、连字符和冒号",
                "The role key is required, at most 100 letters, digits, underscores, hyphens and colons",
            ),
            Msg::RoleIsAdmin => pick("不允许操作超级管理员角色", "The super administrator role cannot be changed"),
            Msg::DataScopeInvalid => pick("数据权限取值不正确", "Invalid data scope"),
            Msg::MenuNotFound => pick("菜单不存在", "The menu does not exist"),
            Msg::SwitchInvalid => pick("开关取值不正确", "Invalid switch value"),
            Msg::RoleNameTaken { name } => {
                if zh {
                    format!("保存角色'{name}'失败，角色名称已存在")
                } else {
                    format!("Role '{name}' could not be saved: the name is taken")
                }
            }
            Msg::RoleKeyTaken { key } => {
                if zh {
                    format!("保存角色失败，权限字符'{key}'已存在")
                } else {
                    format!("The role could not be saved: the key '{key}' is taken")
                }
            }
            Msg::RoleAssigned { name } => {
                if zh {
                    format!("{name}已分配，不能删除")
                } else {
                    format!("{name} is assigned to users and cannot be deleted")
                }
            }
            Msg::ConfigIdInvalid => pick("参数编号不正确", "Invalid parameter id"),
            Msg::ConfigNameInvalid => {
                pick("参数名称不能为空，且不超过100个字符", "The parameter name is required and at most 100 characters")
            }
            Msg::ConfigKeyInvalid => pick(
                "参数键名不能为空，不超过100个字符，只能包含字母、数字、点、下划线和连字符",
                "The parameter key is required, at most 100 letters, digits, dots, underscores and hyphens",
            ),
            Msg::ConfigValueInvalid => pick("参数键值不超过500个字符", "The parameter value is at most 500 characters"),
            Msg::ConfigTypeInvalid => pick("系统内置取值不正确", "Invalid built-in value"),
            Msg::BuiltinKeyFixed => {
                pick("内置数据的键名或键值不能修改", "A built-in entry's key or value cannot change")
            }
            Msg::DictIdInvalid => pick("字典编号不正确", "Invalid dictionary id"),
            Msg::DictNameInvalid => pick(
                "字典名称不能为空，且不超过100个字符",
                "The dictionary name is required and at most 100 characters",
            ),
            Msg::DictTypeInvalid => pick(
                "字典类型不能为空，不超过100个字符，只能包含字母、数字、点、下划线和连字符",
                "The dictionary type is required, at most 100 letters, digits, dots, underscores and hyphens",
            ),
            Msg::DictTypeNotFound => pick("字典类型不存在", "The dictionary type does not exist"),
            Msg::DictLabelInvalid => pick(
                "字典标签不能为空，且不超过100个字符",
                "The dictionary label is required and at most 100 characters",
            ),
            Msg::DictValueInvalid => pick(
                "字典键值不能为空，且不超过100个字符",
                "The dictionary value is required and at most 100 characters",
            ),
            Msg::DictDataNotFound => pick("字典数据不存在", "The dictionary item does not exist"),
            Msg::ListClassInvalid => pick("回显样式取值不正确", "Invalid display style"),
            Msg::CssClassInvalid => pick(
                "样式属性不超过100个字符，只能包含字母、数字、空格、下划线和连字符",
                "The style class is at most 100 letters, digits, spaces, underscores and hyphens",
            ),
            Msg::ConfigKeyTaken { key } => {
                if zh {
                    format!("保存参数'{key}'失败，参数键名已存在")
                } else {
                    format!("Parameter '{key}' could not be saved: the key exists")
                }
            }
            Msg::BuiltinNotDeletable { name } => {
                if zh {
                    format!("内置数据【{name}】不能删除")
                } else {
                    format!("'{name}' is built in and cannot be deleted")
                }
            }
            Msg::DictTypeTaken { dict_type } => {
                if zh {
                    format!("保存字典'{dict_type}'失败，字典类型已存在")
                } else {
                    format!("Dictionary '{dict_type}' could not be saved: the type exists")
                }
            }
            Msg::DictTypeHasData { name } => {
                if zh {
                    format!("字典【{name}】下存在字典数据，不能删除")
                } else {
                    format!("Dictionary '{name}' has items and cannot be deleted")
                }
            }
            Msg::DictValueTaken { value } => {
                if zh {
                    format!("保存字典数据失败，键值'{value}'已存在")
                } else {
                    format!("The item could not be saved: the value '{value}' exists")
                }
            }
            Msg::AccountLocked => {
                pick("密码错误次数过多，帐户已锁定", "Too many wrong passwords: the account is locked")
            }
            Msg::LogIdInvalid => pick("日志编号不正确", "Invalid log id"),
            Msg::MenuIdInvalid => pick("菜单编号不正确", "Invalid menu id"),
            Msg::MenuNameInvalid => pick(
                "菜单名称不能为空，且不超过50个字符；英文名称不超过100个字符",
                "The menu name is required and at most 50 characters; the English name at most 100",
            ),
            Msg::MenuTypeInvalid => pick("菜单类型取值不正确", "Invalid menu type"),
            Msg::MenuParentInvalid => pick(
                "上级菜单不存在，或是自己、自己的下级或按钮",
                "The parent menu does not exist, or is the menu itself, one of its descendants or a button",
            ),
            Msg::MenuPathInvalid => pick(
                "路由地址不正确：目录和菜单必须填写，外链须以http(s)://开头，不能包含空格",
                "Invalid route path: directories and menus need one, an external link starts with http(s)://, no spaces",
            ),
            Msg::MenuComponentInvalid => pick(
                "组件路径只能包含字母、数字、下划线、连字符和斜杠，且不超过255个字符",
                "The component path may hold only letters, digits, underscores, hyphens and slashes, at most 255 characters",
            ),
            Msg::MenuPermsInvalid => pick(
                "权限字符只能包含字母、数字、下划线、连字符、冒号和星号，且不超过100个字符",
                "The permission may hold only letters, digits, underscores, hyphens, colons and asterisks, at most 100 characters",
            ),
            Msg::MenuIconInvalid => pick(
                "图标名称只能包含字母、数字、下划线和连字符，且不超过100个字符",
                "The icon name may hold only letters, digits, underscores and hyphens, at most 100 characters",
            ),
            Msg::MenuModuleInvalid => pick("菜单模块取值不正确", "Invalid menu module"),
            Msg::MenuHasChildren => pick("存在子菜单，不允许删除", "It has sub-menus and cannot be deleted"),
            Msg::MenuAssigned => pick("菜单已分配，不允许删除", "It is granted to a role and cannot be deleted"),
            Msg::MenuNameTaken { name } => {
                if zh {
                    format!("保存菜单'{name}'失败，菜单名称已存在")
                } else {
                    format!("Menu '{name}' could not be saved: a sibling has that name")
                }
            }
            Msg::AdviceTitleInvalid => {
                pick("标题不能为空，且不超过100个字符", "The title is required and at most 100 characters")
            }
            Msg::AdviceContentInvalid => {
                pick("反馈内容不能为空，且不超过2000个字符", "The feedback is required and at most 2,000 characters")
            }
            Msg::AdviceReplyInvalid => {
                pick("回复不能为空，且不超过2000个字符", "The reply is required and at most 2,000 characters")
            }
            Msg::AdviceStatusInvalid => pick("处理状态取值不正确", "Invalid handling status"),
            Msg::AdviceNotFound => pick("意见反馈不存在", "The feedback does not exist"),
            Msg::JobIdInvalid => pick("任务编号不正确", "Invalid job id"),
            Msg::JobNameInvalid => {
                pick("任务名称不能为空，且不超过64个字符", "The job name is required and at most 64 characters")
            }
            Msg::JobGroupInvalid => pick(
                "任务组名只能包含字母、数字、下划线和连字符，且不超过64个字符",
                "The job group may hold only letters, digits, underscores and hyphens, at most 64 characters",
            ),
            Msg::JobTargetInvalid => pick(
                "调用目标必须是系统提供的任务处理器",
                "The target must be one of the job handlers the system provides",
            ),
            Msg::CronInvalid => pick("Cron执行表达式不正确", "Invalid cron expression"),
            Msg::JobPolicyInvalid => {
                pick("执行策略、并发或失败策略取值不正确", "Invalid misfire, concurrency or failure policy")
            }
            Msg::JobNotFound => pick("任务不存在", "The job does not exist"),
            Msg::JobOnSchedule => pick("请先暂停任务，再修改或删除", "Pause the job before editing or deleting it"),
            Msg::BackupFileMissing => pick("请选择要导入的备份文件（.sql）", "Choose a backup file (.sql) to import"),
            Msg::BackupFileType => pick("只能导入sql格式的备份文件", "Only .sql backup files can be imported"),
            Msg::BackupNotSigned => pick(
                "该文件不是本系统导出的备份，或导出后已被修改，未作任何更改",
                "This file is not a backup this system exported, or it was changed after export; nothing was changed",
            ),
            Msg::BackupDamaged => {
                pick("备份文件已损坏，未作任何更改", "The backup file is damaged; nothing was changed")
            }
            Msg::BackupVersionMismatch { file, current } => {
                if zh {
                    format!("备份的数据版本为{file}，本系统为{current}，不能恢复，未作任何更改")
                } else {
                    format!(
                        "The backup holds data version {file} and this system is at {current}: it cannot be restored; nothing was changed"
                    )
                }
            }
            Msg::BackupNotFound => pick("备份不存在", "The backup does not exist"),
            Msg::BackupRestored { tables, rows } => {
                if zh {
                    format!("恢复成功：{tables}张表，共{rows}行")
                } else {
                    format!("Restored: {rows} rows in {tables} tables")
                }
            }
            Msg::JobNameTaken { name } => {
                if zh {
                    format!("保存任务'{name}'失败，同组任务名称已存在")
                } else {
                    format!("Job '{name}' could not be saved: the group has a job of that name")
                }
            }
            Msg::AvatarMissing => pick("请选择要上传的头像图片", "Please choose an avatar image to upload"),
            Msg::AvatarInvalid => {
                pick("文件格式不正确，请上传PNG或JPG格式的图片", "Invalid file: please upload a PNG or JPG image")
            }
            Msg::AvatarTooLarge { limit_kb } => {
                if zh {
                    format!("头像图片不能超过 {limit_kb} KB")
                } else {
                    format!("The avatar image may be at most {limit_kb} KB")
                }
            }
            // ---- lighting ----
            Msg::ProjectRequired => pick("请先选择项目", "Please select a project first"),
            Msg::GatewayIdInvalid => pick("网关ID不正确", "Invalid gateway id"),
            Msg::GatewayNotFound => pick("网关不存在", "Gateway does not exist"),
            Msg::DeviceTypeInvalid => pick("设备类型不正确，应为 gateway", "Unknown device type; it must be gateway"),
            Msg::DeviceLocationInvalid => pick(
                "设备位置不正确：经度应为-180到180之间的数字，纬度应为-90到90之间的数字，且须同时填写",
                "Invalid device location: longitude must be a number from -180 to 180 and latitude from -90 to 90, both or neither",
            ),
            Msg::MapViewportInvalid => pick(
                "地图范围不正确：minLng、minLat、maxLng、maxLat应为经纬度（最小值不大于最大值），zoom应为0到22，须同时填写",
                "Invalid map viewport: minLng, minLat, maxLng and maxLat must be degrees (min not above max) and zoom 0 to 22, all or none",
            ),
            Msg::GatewayNameInvalid => {
                pick("网关名称不能为空，且不超过50个字符", "Gateway name is required and at most 50 characters")
            }
            Msg::GatewayNumberInvalid => pick(
                "网关编号不能为空，且只能是1到32位字母、数字、下划线或中划线",
                "Gateway number is required: 1 to 32 letters, digits, '_' or '-'",
            ),
            Msg::GatewayNumberTaken { number } => {
                if zh {
                    format!("网关编号 {number} 已存在")
                } else {
                    format!("Gateway number {number} already exists")
                }
            }
            Msg::CommunicationTypeInvalid => pick(
                "通讯方式不正确，应为 1（4G）、2（以太网）、3（NB-IoT）或 4（LoRa）",
                "Communication type must be 1 (4G), 2 (Ethernet), 3 (NB-IoT) or 4 (LoRa)",
            ),
            Msg::LoopCountInvalid => pick("回路数量必须在1到64之间", "Loop count must be 1 to 64"),
            Msg::LoopIndexInvalid { max } => {
                if zh {
                    format!("回路序号必须在1到{max}之间")
                } else {
                    format!("Loop index must be 1 to {max}")
                }
            }
            Msg::LoopGivenTwice { index } => {
                if zh {
                    format!("回路 {index} 重复")
                } else {
                    format!("Loop {index} is given twice")
                }
            }
            Msg::LoopNameInvalid => pick("回路名称不能超过30个字符", "Loop name may be at most 30 characters"),
            Msg::RemarkInvalid => pick("备注不能超过200个字符", "Remark may be at most 200 characters"),
            Msg::PageInvalid => {
                pick("分页参数 pageNum、pageSize 须为整数", "pageNum and pageSize must be whole numbers")
            }
            Msg::OnlineStatusInvalid => {
                pick("在线状态应为 0（离线）或 1（在线）", "Online status must be 0 (offline) or 1 (online)")
            }
            Msg::SearchTooLong => pick("查询条件过长", "Search text is too long"),
            Msg::ProvinceCodeInvalid => pick("省份编码应为两位数字", "The province code must be two digits"),
            Msg::HoursInvalid => pick("小时数必须在1到168之间", "Hours must be 1 to 168"),
            Msg::SwitchStateRequired => {
                pick("请指定开或关（on 为 true 或 false）", "Say whether to switch on or off (on: true or false)")
            }
            Msg::TooManyIds { max } => {
                if zh {
                    format!("一次最多操作{max}条记录")
                } else {
                    format!("At most {max} records at a time")
                }
            }
            // ---- end lighting ----
            // ---- alarm ----
            Msg::AlarmNameInvalid => {
                pick("告警名称不能为空，且不超过50个字符", "Alarm name is required and at most 50 characters")
            }
            Msg::AlarmDeviceTypeInvalid => {
                pick("设备类型只能是网关（gateway）或回路（loop）", "Device type must be gateway or loop")
            }
            Msg::AlarmLevelInvalid => pick(
                "告警级别只能是1（严重）、2（主要）或3（次要）",
                "Alarm level must be 1 (serious), 2 (main) or 3 (secondary)",
            ),
            Msg::AlarmContentZhInvalid => pick(
                "告警内容（中文）不能为空，且不超过200个字符",
                "Alarm content (Chinese) is required and at most 200 characters",
            ),
            Msg::AlarmContentEnInvalid => pick(
                "告警内容（英文）不能为空，且不超过200个字符",
                "Alarm content (English) is required and at most 200 characters",
            ),
            Msg::AlarmTriggerAttributeInvalid => pick(
                "触发属性与设备类型不符：回路可选电压、电流、有功功率，网关可选温度、信号强度",
                "Trigger attribute does not fit the device type: a loop has voltage, current or active_power; \
                 a gateway has temperature or signal",
            ),
            Msg::AlarmTriggerComparisonInvalid => {
                pick("触发条件的比较符只能是 >、>=、< 或 <=", "Trigger comparison must be >, >=, < or <=")
            }
            Msg::AlarmTriggerValueInvalid => pick(
                "触发值须为数字，最多3位小数；仅信号强度和温度可为负数",
                "Trigger value must be a number with at most 3 decimals; only signal and temperature may be negative",
            ),
            Msg::AlarmTriggerDurationInvalid => {
                pick("触发持续时间须在0到86400秒之间", "Trigger duration must be 0 to 86400 seconds")
            }
            Msg::AlarmRecoveryAttributeInvalid => pick(
                "恢复属性与设备类型不符：回路可选电压、电流、有功功率，网关可选温度、信号强度",
                "Recovery attribute does not fit the device type: a loop has voltage, current or active_power; \
                 a gateway has temperature or signal",
            ),
            Msg::AlarmRecoveryComparisonInvalid => {
                pick("恢复条件的比较符只能是 >、>=、< 或 <=", "Recovery comparison must be >, >=, < or <=")
            }
            Msg::AlarmRecoveryValueInvalid => {
                pick("恢复值须为正数，保留1到3位小数", "Recovery value must be a positive number with 1 to 3 decimals")
            }
            Msg::AlarmRecoveryDurationInvalid => {
                pick("恢复持续时间须在0到86400秒之间", "Recovery duration must be 0 to 86400 seconds")
            }
            Msg::AlarmRecoveryRequired => pick(
                "开启自动处理时，恢复条件（属性、比较符、恢复值）必填",
                "The recovery condition (attribute, comparison and value) is required when auto processing is on",
            ),
            Msg::AlarmRecoveryIncomplete => pick(
                "恢复条件须同时填写属性、比较符和恢复值",
                "A recovery condition needs all of its attribute, comparison and value",
            ),
            Msg::AlarmEventTriggerInvalid => pick(
                "事件类告警的触发条件须表示事件发生（如 >= 1）",
                "An event's trigger must mean the event is active (for example >= 1)",
            ),
            Msg::AlarmEventRecoveryInvalid => pick(
                "事件类告警的恢复条件须为同一事件且表示事件结束（如 < 1.0）",
                "An event's recovery must be the same event and mean it has ended (for example < 1.0)",
            ),
            Msg::AlarmAutoProcessingInvalid => {
                pick("自动处理只能是0（否）或1（是）", "Auto processing must be 0 (off) or 1 (on)")
            }
            Msg::AlarmAutoWorkOrderInvalid => {
                pick("自动派单只能是0（否）或1（是）", "Auto work order must be 0 (off) or 1 (on)")
            }
            Msg::AlarmTypeStatusInvalid => {
                pick("状态只能是0（启用）或1（停用）", "Status must be 0 (enabled) or 1 (disabled)")
            }
            Msg::AlarmTypeIdInvalid => pick("告警类型编号格式错误", "Invalid alarm type id"),
            Msg::AlarmTypeNotFound => pick("告警类型不存在", "Alarm type does not exist"),
            Msg::AlarmIdInvalid => pick("告警编号格式错误", "Invalid alarm id"),
            Msg::AlarmTrendDaysInvalid => pick("统计天数只能是1到31", "The number of days must be 1 to 31"),
            Msg::UtcOffsetInvalid => pick("时区偏移只能是-720到840分钟", "The UTC offset must be -720 to 840 minutes"),
            Msg::ScreenProjectRequired => pick(
                "项目不存在，请设置项目相关信息！",
                "The project does not exist, please set the project information!",
            ),
            Msg::MonitorGateways => pick("网关", "Gateways"),
            Msg::MonitorLoops => pick("回路", "Loops"),
            Msg::MonitorAlarms => pick("告警", "Alarms"),
            Msg::AlarmNotFound => pick("告警不存在", "Alarm does not exist"),
            Msg::AlarmStatusInvalid => pick(
                "告警状态只能是0（未处理）、1（处理中）、2（已处理）、3（已关闭）或4（已恢复）",
                "Alarm status must be 0 (not processed), 1 (processing), 2 (processed), 3 (closed) or 4 (restored)",
            ),
            Msg::AlarmTimeInvalid => {
                pick("时间格式应为 yyyy-MM-dd HH:mm:ss", "Times must be written as yyyy-MM-dd HH:mm:ss")
            }
            Msg::AlarmNotOpen => {
                pick("只能操作未处理或处理中的告警", "Only open alarms (not processed or processing) can be changed")
            }
            Msg::AlarmNotUnprocessed => {
                pick("只有未处理的告警可以开始处理", "Only alarms not processed yet can be taken into processing")
            }
            Msg::AlarmCloseReasonInvalid => {
                pick("关闭原因不能为空，且不超过200个字符", "Close reason is required and at most 200 characters")
            }
            Msg::WorkOrderNotFound => pick("工单不存在", "The work order does not exist"),
            Msg::WorkOrderIdInvalid => pick("工单编号无效", "Invalid work order id"),
            Msg::WorkOrderFinished => pick(
                "工单已完成或已关闭，不能再操作",
                "The work order is completed or closed and takes no more actions",
            ),
            Msg::WorkOrderNotUnassigned => {
                pick("只有待派单的工单可以派单", "Only an unassigned work order can be dispatched")
            }
            Msg::WorkOrderNotInProgress => {
                pick("只有处理中的工单可以指派或处理完成", "Only a work order in progress can be assigned or completed")
            }
            Msg::WorkOrderNotReturnable => pick("待派单的工单不能退回", "An unassigned work order cannot be returned"),
            Msg::WorkOrderNotPendingConfirmation => {
                pick("只有待确认的工单可以确认", "Only a work order pending confirmation can be confirmed")
            }
            Msg::WorkOrderActionInvalid => pick(
                "操作只能是派单、指派、退回、处理完成、确认或关闭",
                "The action must be dispatch, assign, return, complete, confirm or close",
            ),
            Msg::WorkOrderTypeInvalid => pick(
                "工单类型只能是1（告警）、2（上报）或3（巡检）",
                "Work order type must be 1 (alarm), 2 (reported) or 3 (inspection)",
            ),
            Msg::WorkOrderQuestionInvalid => pick("请选择问题类型", "Please choose a question type"),
            Msg::WorkOrderUrgencyInvalid => pick(
                "紧急程度只能是1（特急）、2（紧急）、3（一般）或4（较低）",
                "Urgency must be 1 (urgent), 2 (high), 3 (normal) or 4 (low)",
            ),
            Msg::WorkOrderStatusInvalid => pick(
                "工单状态只能是0（待派单）、1（处理中）、2（待确认）、3（已完成）或4（已关闭）",
                "Work order status must be 0 (unassigned), 1 (in progress), 2 (pending confirmation), 3 (completed) or 4 (closed)",
            ),
            Msg::WorkOrderExpectedTimeInvalid => pick(
                "期望完成时间格式应为 yyyy-MM-dd HH:mm:ss，且不能早于现在",
                "Expected completion time must be written as yyyy-MM-dd HH:mm:ss and not be in the past",
            ),
            Msg::WorkOrderDescriptionInvalid => pick(
                "问题描述不能为空，且不超过1000个字符",
                "Problem description is required and at most 1000 characters",
            ),
            Msg::WorkOrderAddressTooLong => pick("地址不超过200个字符", "Address is at most 200 characters"),
            Msg::WorkOrderAlarmRequired => pick("告警工单须选择告警", "An alarm work order needs its alarm"),
            Msg::WorkOrderAlarmTaken => pick("该告警已有工单", "This alarm already has a work order"),
            Msg::WorkOrderAttachmentsInvalid => pick("附件最多9个", "At most 9 attachments"),
            Msg::WorkOrderNoteInvalid => {
                pick("请填写处理说明，不超过500个字符", "Please write a note of at most 500 characters")
            }
            Msg::WorkOrderHandlerRequired => pick("请选择处理人", "Please choose a handler"),
            Msg::WorkOrderHandlerNotMember => {
                pick("处理人须为本项目的启用用户", "The handler must be an enabled user of this project")
            }
            Msg::WorkOrderScoreInvalid => pick("评分只能是1到5", "The score must be 1 to 5"),
            Msg::WorkOrderEvaluationTooLong => pick("评价不超过500个字符", "Evaluation is at most 500 characters"),
            Msg::WorkOrderCloseReasonInvalid => {
                pick("关闭原因不能为空，且不超过200个字符", "Close reason is required and at most 200 characters")
            }
            Msg::InspectionIdInvalid => pick("巡检记录编号无效", "Invalid inspection record id"),
            Msg::InspectionTeamNotFound => pick("巡检班组不存在", "The inspection team does not exist"),
            Msg::InspectionRouteNotFound => pick("巡检路线不存在", "The inspection route does not exist"),
            Msg::InspectionPlanNotFound => pick("巡检计划不存在", "The inspection plan does not exist"),
            Msg::InspectionTaskNotFound => pick("巡检任务不存在", "The inspection task does not exist"),
            Msg::InspectionNameInvalid { max } => {
                if zh {
                    format!("名称不能为空，且不超过{max}个字符")
                } else {
                    format!("Name is required and at most {max} characters")
                }
            }
            Msg::InspectionNameTaken { name } => {
                if zh {
                    format!("名称“{name}”已存在")
                } else {
                    format!("The name '{name}' is already taken")
                }
            }
            Msg::InspectionRemarkTooLong => pick("备注不超过500个字符", "Remark is at most 500 characters"),
            Msg::InspectionMembersInvalid => pick("班组成员至少1人，最多50人", "A team has 1 to 50 members"),
            Msg::InspectionMemberNotMember => {
                pick("班组成员须为本项目的启用用户", "Team members must be enabled users of this project")
            }
            Msg::InspectionPointsInvalid => pick("巡检路线须有1到100个巡检点", "A route has 1 to 100 points"),
            Msg::InspectionPointTypeInvalid => pick("巡检点只能是设备或地址", "A point is a device or an address"),
            Msg::InspectionPointDuplicate => {
                pick("同一巡检点不能在路线中出现两次", "The same point cannot be on a route twice")
            }
            Msg::InspectionPointNotFound => {
                pick("巡检点不是本项目的设备或地址", "A point is not a device or an address of this project")
            }
            Msg::InspectionRouteRequired => pick("请选择巡检路线", "Please choose an inspection route"),
            Msg::InspectionTeamRequired => pick("请选择巡检班组", "Please choose an inspection team"),
            Msg::InspectionPeriodInvalid => {
                pick("请选择巡检周期：每天、每周或每月", "Please choose a period: daily, weekly or monthly")
            }
            Msg::InspectionPlanStatusInvalid => {
                pick("计划状态只能是正常或停用", "A plan's status is enabled or disabled")
            }
            Msg::InspectionPlanDatesRequired => pick(
                "计划开始日期和结束日期不能为空，格式为YYYY-MM-DD",
                "The plan's start and end dates are required, as YYYY-MM-DD",
            ),
            Msg::InspectionPlanDatePast => pick("计划日期不能早于今天", "The plan's dates cannot be in the past"),
            Msg::InspectionPlanStartAfterEnd => {
                pick("计划开始日期不能晚于结束日期", "The plan's start date cannot be after its end date")
            }
            Msg::InspectionTeamInUse => pick(
                "巡检班组正被巡检计划使用，不能删除",
                "The team is used by an inspection plan and cannot be deleted",
            ),
            Msg::InspectionRouteInUse => pick(
                "巡检路线正被巡检计划使用，不能删除",
                "The route is used by an inspection plan and cannot be deleted",
            ),
            Msg::InspectionTaskTimesRequired => pick(
                "任务开始时间和结束时间不能为空，格式为YYYY-MM-DD HH:mm:ss",
                "The task's start and end times are required, as YYYY-MM-DD HH:mm:ss",
            ),
            Msg::InspectionTaskStartAfterEnd => {
                pick("任务开始时间不能晚于结束时间", "The task's start time cannot be later than its end time")
            }
            Msg::InspectionTaskStatusInvalid => pick(
                "任务状态只能是待巡检、巡检中、已完成或已过期",
                "A task's status is undoing, doing, finished or expired",
            ),
            Msg::InspectionDescriptionRequired => pick(
                "处理结果描述不能为空，且不超过1000个字符",
                "The result description is required and at most 1000 characters",
            ),
            Msg::InspectionTaskNotStarted => {
                pick("任务未开始，不能处理", "The task has not started and cannot be dealt with")
            }
            Msg::InspectionTaskFinished => pick("任务已完成", "The task is already finished"),
            Msg::InspectionTaskExpired => pick("任务已过期，不能处理", "The task has expired and cannot be dealt with"),
            Msg::InspectionTaskFinishedKept => pick("已完成的任务不能删除", "A finished task cannot be deleted"),
            Msg::InspectionResultsIncomplete => {
                pick("请为任务的每个巡检点填写结果", "Give a result for every point of the task")
            }
            Msg::InspectionResultInvalid => pick("巡检结果只能是正常或异常", "A result is normal or abnormal"),
            Msg::MaintenanceIdInvalid => pick("维保记录编号无效", "Invalid maintenance record id"),
            Msg::MaintenanceCompanyNotFound => pick("维保单位不存在", "The maintenance company does not exist"),
            Msg::MaintenanceContractNotFound => pick("维保合同不存在", "The maintenance contract does not exist"),
            Msg::MaintenancePlanNotFound => pick("维保计划不存在", "The maintenance plan does not exist"),
            Msg::MaintenanceNameInvalid { max } => {
                if zh {
                    format!("名称不能为空，且不超过{max}个字符")
                } else {
                    format!("Name is required and at most {max} characters")
                }
            }
            Msg::MaintenanceNameTaken { name } => {
                if zh {
                    format!("名称“{name}”已存在")
                } else {
                    format!("The name '{name}' is already taken")
                }
            }
            Msg::MaintenanceContractNumberTaken { number } => {
                if zh {
                    format!("合同编号“{number}”已存在")
                } else {
                    format!("The contract number '{number}' is already taken")
                }
            }
            Msg::MaintenanceCompanyRequired => pick("请选择维保单位", "Please choose a maintenance company"),
            Msg::MaintenanceContractRequired => pick("请选择维保合同", "Please choose a maintenance contract"),
            Msg::MaintenanceCompanyInUse => {
                pick("维保单位已有合同，不能删除", "The company has contracts and cannot be deleted")
            }
            Msg::MaintenanceContractInUse => {
                pick("维保合同已有维保计划，不能删除", "The contract has maintenance plans and cannot be deleted")
            }
            Msg::MaintenanceContractNumberInvalid => pick(
                "合同编号不能为空，只能包含字母、数字、下划线和连字符，且不超过32个字符",
                "The contract number is required: letters, digits, underscore and hyphen only, at most 32",
            ),
            Msg::MaintenanceContractDatesRequired => pick(
                "合同开始日期和结束日期不能为空，格式为YYYY-MM-DD",
                "The contract's start and end dates are required, as YYYY-MM-DD",
            ),
            Msg::MaintenanceContractDatePast => {
                pick("合同日期不能早于今天", "The contract's dates cannot be in the past")
            }
            Msg::MaintenanceContractStartAfterEnd => {
                pick("合同开始日期不能晚于结束日期", "The contract's start date cannot be after its end date")
            }
            Msg::MaintenanceAmountInvalid => pick(
                "合同金额须为0到999999999.99之间的数字，最多两位小数",
                "The amount is a number from 0 to 999999999.99 with at most two decimals",
            ),
            Msg::MaintenanceContractStateInvalid => pick(
                "合同状态只能是履行中、即将到期、已到期或未开始",
                "A contract's state is in force, near its end, ended or not started",
            ),
            Msg::MaintenancePlanDateInvalid => pick(
                "计划日期不能为空，格式为YYYY-MM-DD，且不能早于今天",
                "The plan date is required, as YYYY-MM-DD, and cannot be in the past",
            ),
            Msg::MaintenancePlanOutsideContract => {
                pick("计划日期须在合同期内", "The plan date must be within the contract's dates")
            }
            Msg::MaintenancePlanFinished => pick("维保计划已完成", "The maintenance plan is already finished"),
            Msg::MaintenanceResultRequired => {
                pick("完成情况不能为空，且不超过500个字符", "The result is required and at most 500 characters")
            }
            Msg::MaintenanceStatusInvalid => {
                pick("维保状态只能是未完成或已完成", "A maintenance status is unfinished or finished")
            }
            Msg::AssetIdInvalid => pick("资产记录编号无效", "Invalid asset record id"),
            Msg::AssetTypeNotFound => pick("资产类型不存在", "The asset type does not exist"),
            Msg::AssetNotFound => pick("资产不存在", "The asset does not exist"),
            Msg::AssetRecordNotFound => pick("资产记录不存在", "The asset record does not exist"),
            Msg::AssetNameInvalid { max } => {
                if zh {
                    format!("名称不能为空，且不超过{max}个字符")
                } else {
                    format!("Name is required and at most {max} characters")
                }
            }
            Msg::AssetCodeInvalid => pick(
                "编码不能为空，只能包含字母、数字、下划线和连字符，且不超过32个字符",
                "The code is required: letters, digits, underscore and hyphen only, at most 32",
            ),
            Msg::AssetCodeTaken { code } => {
                if zh {
                    format!("编码“{code}”已存在")
                } else {
                    format!("The code '{code}' is already taken")
                }
            }
            Msg::AssetAttributeTypeInvalid => {
                pick("属性类型只能是文本、数字或选项", "An attribute's type is text, number or options")
            }
            Msg::AssetAttributesInvalid => {
                pick("资产类型最多50个属性，属性编码不能重复", "A type has at most 50 attributes, each code once")
            }
            Msg::AssetOptionsDefault => pick("子选项最多只能有一个默认值", "At most one sub-option can be the default"),
            Msg::AssetOptionValueEmpty => pick("子选项的值不能为空", "A sub-option's value cannot be empty"),
            Msg::AssetOptionsRequired => pick(
                "选项类型的属性至少需要一个子选项，且值不能重复",
                "An options attribute needs at least one sub-option, each value once",
            ),
            Msg::AssetRangeRequired => pick(
                "开启校验时必须填写校验范围（最小值不大于最大值）",
                "A verify range (min not above max) is required when verification is on",
            ),
            Msg::AssetAttributeValueInvalid { name } => {
                if zh {
                    format!("属性“{name}”的值无效")
                } else {
                    format!("The value of '{name}' is invalid")
                }
            }
            Msg::AssetAttributeRequired { name } => {
                if zh {
                    format!("属性“{name}”不能为空")
                } else {
                    format!("'{name}' is required")
                }
            }
            Msg::AssetTypeRequired => pick("请选择资产类型", "Please choose an asset type"),
            Msg::AssetTypeInUse => pick("资产类型已有资产，不能删除", "The type has assets and cannot be deleted"),
            Msg::AssetValueInvalid => pick(
                "初始价值须为0到999999999.99之间的数字，最多两位小数",
                "The initial value is a number from 0 to 999999999.99 with at most two decimals",
            ),
            Msg::AssetResidualRateInvalid => pick(
                "残值率须为0到100之间的数字，最多两位小数",
                "The residual rate is a number from 0 to 100 with at most two decimals",
            ),
            Msg::AssetLimitInvalid => pick("使用期限须为1到1200个月", "The limit is 1 to 1200 months"),
            Msg::AssetDateInvalid => pick(
                "日期格式为YYYY-MM-DD，开始使用日期不能为空",
                "Dates are written YYYY-MM-DD; the start date is required",
            ),
            Msg::AssetStatusInvalid => pick(
                "资产状态只能是闲置、在用、维修中或已报废",
                "An asset's status is idle, in use, under repair or scrapped",
            ),
            Msg::AssetInUse => pick("在用或维修中的资产不能删除", "An asset in use or under repair cannot be deleted"),
            Msg::AssetRecordAssetsRequired => pick("请至少选择一个资产", "Please choose at least one asset"),
            Msg::AssetReturnRecordRequired => {
                pick("归还须选择一条领用或维修记录", "A return needs one receive or repair record")
            }
            Msg::AssetRecordTypeInvalid => {
                pick("记录类型只能是领用、归还、维修或报废", "A record is a receive, return, repair or scrap")
            }
            Msg::AssetNotIdle { code } => {
                if zh {
                    format!("资产“{code}”不是闲置状态，不能领用")
                } else {
                    format!("Asset '{code}' is not idle and cannot be received")
                }
            }
            Msg::AssetScrapped { code } => {
                if zh {
                    format!("资产“{code}”已报废")
                } else {
                    format!("Asset '{code}' is scrapped")
                }
            }
            Msg::AssetNotReturnable => pick(
                "该记录不是有效的领用或维修记录，或已归还",
                "The record is not an open receive or repair record, or has been returned",
            ),
            Msg::AssetScrapNotCancellable => {
                pick("只有有效的报废记录可以撤销", "Only an effective scrap record can be cancelled")
            }
            Msg::InspectionWorkOrderNotAbnormal => {
                pick("只有异常的巡检点可以生成工单", "Only an abnormal point can open a work order")
            }
            Msg::AlarmDetail { attribute, comparison, threshold, value } => {
                // A device event is active or not: the sentence says which event it was.
                let event = match attribute.as_str() {
                    "power_loss" => Some(("配电柜失电", "the cabinet lost its power supply")),
                    "door_open" => Some(("柜门打开", "the cabinet door opened")),
                    "contactor_fault" => Some(("回路接触器故障", "the loop's contactor failed")),
                    _ => None,
                };
                if let Some((zh_text, en_text)) = event {
                    return if zh { format!("触发事件：{zh_text}") } else { format!("Triggered when {en_text}") };
                }
                let (name_zh, name_en, unit) = match attribute.as_str() {
                    "voltage" => ("电压", "Voltage", " V"),
                    "current" => ("电流", "Current", " A"),
                    "active_power" => ("有功功率", "Active power", " W"),
                    "temperature" => ("温度", "Temperature", " °C"),
                    "signal" => ("信号强度", "Signal", " dBm"),
                    "loop_mismatch" => ("与计划不符", "Differs from its plan", " min"),
                    _ => (attribute.as_str(), attribute.as_str(), ""),
                };
                if zh {
                    format!("触发条件：{name_zh} {comparison} {threshold}{unit}；实测值：{value}{unit}")
                } else {
                    format!("Triggered when {name_en} {comparison} {threshold}{unit}; the reading was {value}{unit}")
                }
            }
            // ---- end alarm ----
            // ---- bridge ----
            Msg::SceneNotFound => pick("场景不存在", "Scene does not exist"),
            Msg::SceneNameInvalid => {
                pick("场景名称不能为空，且不超过30个字符", "Scene name is required and at most 30 characters")
            }
            Msg::SceneNameTaken { name } => {
                if zh {
                    format!("场景名称'{name}'已存在")
                } else {
                    format!("A scene named '{name}' already exists")
                }
            }
            Msg::SceneTypeInvalid => pick("场景类型应为默认或自定义", "The scene type must be default or custom"),
            Msg::SceneLoopsInvalid { max } => {
                if zh {
                    format!("场景须包含1到{max}个回路")
                } else {
                    format!("A scene has 1 to {max} loops")
                }
            }
            Msg::SceneParameterInvalid => pick(
                "场景参数不能为空且必须为数字（开关为0或1，亮度为1到100的整数）",
                "Scene parameters must be non-empty and numeric (switch 0 or 1, brightness a whole number 1 to 100)",
            ),
            Msg::CombinedExecutionInvalid => {
                pick("请选择执行方式（同步或顺序）", "Choose the execution mode: synchronous or sequential")
            }
            Msg::CombinedRepeatInvalid => pick("请选择单次或循环", "Choose single or cycle"),
            Msg::CombinedMembersInvalid { max } => {
                if zh {
                    format!("组合场景须包含2到{max}个场景")
                } else {
                    format!("A combined scene has 2 to {max} scenes")
                }
            }
            Msg::CombinedMemberMinutesInvalid { min, max } => {
                if zh {
                    format!("顺序执行时每个场景持续{min}到{max}分钟")
                } else {
                    format!("In a sequence each scene lasts {min} to {max} minutes")
                }
            }
            Msg::CombinedMemberRepeated => {
                pick("同步执行时同一场景只能选一次", "In synchronous mode a scene is chosen once")
            }
            Msg::CombinedMemberCombined => {
                pick("组合场景不能包含组合场景", "A combined scene cannot contain a combined scene")
            }
            Msg::SceneInCombined { name } => {
                if zh {
                    format!("场景已被组合场景'{name}'使用")
                } else {
                    format!("The scene is part of combined scene '{name}'")
                }
            }
            Msg::CombinedSceneAlone => {
                pick("组合场景须为任务的唯一场景", "A combined scene must be the task's only scene")
            }
            Msg::SceneInUse { task } => {
                if zh {
                    format!("场景正被任务'{task}'使用")
                } else {
                    format!("The scene is used by task '{task}'")
                }
            }
            Msg::TaskNotFound => pick("任务不存在", "Task does not exist"),
            Msg::TaskNameInvalid => {
                pick("任务名称不能为空，且不超过30个字符", "Task name is required and at most 30 characters")
            }
            Msg::TaskPriorityInvalid => pick(
                "任务优先级应为0到255的整数，数值越大优先级越高",
                "Task priority must be a whole number from 0 to 255; larger is higher",
            ),
            Msg::TaskWeekdaysInvalid => pick("请至少选择一个星期（1到7）", "Choose at least one weekday (1 to 7)"),
            Msg::TaskDateRangeInvalid => pick(
                "日期格式应为年-月-日，且开始日期不能晚于结束日期",
                "Dates must be YYYY-MM-DD and the start date cannot be after the end date",
            ),
            Msg::TaskTimeInvalid => pick(
                "时间类型应为定时、日出或日落，定时时间格式为时:分",
                "A time is a clock time (HH:mm), sunrise or sunset",
            ),
            Msg::TaskOffsetInvalid { max } => {
                if zh {
                    format!("日出日落偏移应为-{max}到{max}分钟")
                } else {
                    format!("The offset from sunrise or sunset must be -{max} to {max} minutes")
                }
            }
            Msg::NoSceneToDeliver => {
                pick("操作错误，请选择要下发的场景", "Operation error, please select a scenario to deliver")
            }
            Msg::TaskScenesTooMany { max } => {
                if zh {
                    format!("一个任务最多{max}个场景")
                } else {
                    format!("A task has at most {max} scenes")
                }
            }
            Msg::TaskGatewaysInvalid { max } => {
                if zh {
                    format!("请选择1到{max}个网关")
                } else {
                    format!("Choose 1 to {max} gateways")
                }
            }
            Msg::TaskEnabled => pick(
                "任务已启用，请先停用再修改或删除",
                "The task is enabled: disable it before editing or deleting it",
            ),
            Msg::PlanChanged => {
                pick("任务启停或站点已变更，请重新下发", "A task was switched or the site changed since: issue again")
            }
            Msg::TaskNotEnabled { name } => {
                if zh {
                    format!("任务'{name}'未启用，请先启用再下发")
                } else {
                    format!("Task '{name}' is disabled: enable it before issuing it")
                }
            }
            Msg::SiteLocationInvalid => pick(
                "纬度应在-90到90之间，经度应在-180到180之间",
                "Latitude must be -90 to 90 and longitude -180 to 180",
            ),
            Msg::TimeZoneInvalid => {
                pick("时区应为IANA时区，例如Asia/Shanghai", "The time zone must be an IANA zone, such as Asia/Shanghai")
            }
            Msg::SiteNotSet => {
                pick("请先设置项目的位置和时区", "Set the project's site (location and time zone) first")
            }
            Msg::PlanDateInvalid => pick("日期格式应为年-月-日", "The date must be YYYY-MM-DD"),
            Msg::CategoryNotFound => pick("设备分类不存在", "Equipment category does not exist"),
            Msg::CategoryNameInvalid => {
                pick("分类名称不能为空，且不超过30个字符", "Category name is required and at most 30 characters")
            }
            Msg::CategoryCodeInvalid => pick(
                "分类编码为1到32个字母、数字、下划线或连字符",
                "Category code is 1 to 32 letters, digits, underscores or hyphens",
            ),
            Msg::CategoryCodeTaken { code } => {
                if zh {
                    format!("分类编码'{code}'已存在")
                } else {
                    format!("A category with code '{code}' already exists")
                }
            }
            Msg::CategoryHasTypes => {
                pick("该分类下存在设备类型，不能删除", "The category has equipment types and cannot be deleted")
            }
            Msg::TypeNotFound => pick("设备类型不存在", "Equipment type does not exist"),
            Msg::TypeNameInvalid => {
                pick("类型名称不能为空，且不超过30个字符", "Type name is required and at most 30 characters")
            }
            Msg::TypeCodeInvalid => pick(
                "类型编码为1到32个字母、数字、下划线或连字符",
                "Type code is 1 to 32 letters, digits, underscores or hyphens",
            ),
            Msg::TypeCodeTaken { code } => {
                if zh {
                    format!("类型编码'{code}'已存在")
                } else {
                    format!("A type with code '{code}' already exists")
                }
            }
            Msg::TypeValueInvalid => pick(
                "类型值应为0到255的整数，数值越小优先级越高",
                "Type value must be a whole number from 0 to 255; lower is a higher priority",
            ),
            Msg::StatusCheckInvalid => pick(
                "状态检测时间应为10到86400秒的整数",
                "Status check time must be a whole number of seconds from 10 to 86400",
            ),
            Msg::MinimumBurnInvalid => pick(
                "最小燃点时间应为0到240分钟的整数",
                "Minimum burn time must be a whole number of minutes from 0 to 240",
            ),
            Msg::DeviceNotFound => pick("设备不存在", "The device does not exist"),
            Msg::DeviceNameInvalid => {
                pick("设备名称不能为空，且不超过30个字符", "Device name is required and at most 30 characters")
            }
            Msg::DeviceCodeInvalid => pick(
                "设备编码为1到32个字母、数字、下划线或连字符",
                "Device code is 1 to 32 letters, digits, underscores or hyphens",
            ),
            Msg::DeviceCodeTaken { code } => {
                if zh {
                    format!("设备编码'{code}'已存在")
                } else {
                    format!("A device with code '{code}' already exists")
                }
            }
            Msg::DeviceLoopInvalid => {
                pick("回路不存在：请选择该网关的一个回路", "No such loop: choose one of the gateway's loops")
            }
            Msg::DeviceAddressInvalid => {
                pick("设备地址不能为空，且不超过100个字符", "Device address is required and at most 100 characters")
            }
            Msg::DeviceStatusInvalid => {
                pick("设备状态应为0（在用）或1（停用）", "Status must be 0 (in service) or 1 (out of service)")
            }
            Msg::TypeHasDevices => pick("该类型下存在设备，不能删除", "Devices are of this type: it cannot be deleted"),
            Msg::GroupNotFound => pick("设备分组不存在", "The device group does not exist"),
            Msg::GroupNameInvalid => {
                pick("分组名称不能为空，且不超过30个字符", "Group name is required and at most 30 characters")
            }
            Msg::GroupNameTaken { name } => {
                if zh {
                    format!("分组名称'{name}'已存在")
                } else {
                    format!("A group named '{name}' already exists")
                }
            }
            Msg::GroupTooManyDevices { max } => {
                if zh {
                    format!("一个分组最多{max}个设备")
                } else {
                    format!("A group holds at most {max} devices")
                }
            }
            Msg::GroupHasNoDevice => pick("该分组没有在用设备", "The group has no device in service"),
            Msg::HoldMinutesInvalid => {
                pick("保持时长须为 1 到 1440 的整数分钟", "The hold must be a whole number of minutes from 1 to 1440")
            }
            Msg::BrightnessInvalid => {
                pick("亮度须为 1 到 100 的整数", "The brightness must be a whole number from 1 to 100")
            }
            Msg::BrightnessOnlyOn => pick("仅开灯时可设置亮度", "A brightness is only given when switching on"),
            Msg::CommunicationCrossMonth => {
                pick("通信记录不支持跨月查询", "Communication records cannot be queried across months")
            }
            Msg::EnergyGranularityInvalid => {
                pick("统计粒度应为小时、日、月或年", "The granularity must be hour, day, month or year")
            }
            Msg::EnergyDateInvalid => pick("日期格式应为年-月-日", "Dates must be written YYYY-MM-DD"),
            Msg::EnergyRangeReversed => pick("开始日期不能晚于结束日期", "The start date cannot be after the end date"),
            Msg::EnergyRangeTooLong { granularity, max } => {
                let (zh_unit, en_unit) = match *granularity {
                    "hour" => ("按小时统计最多", "days by the hour"),
                    "day" => ("按日统计最多", "days by the day"),
                    "month" => ("按月统计最多", "months by the month"),
                    _ => ("按年统计最多", "years by the year"),
                };
                let zh_tail = match *granularity {
                    "hour" | "day" => "天",
                    "month" => "个月",
                    _ => "年",
                };
                if zh {
                    format!("{zh_unit}查询{max}{zh_tail}")
                } else {
                    format!("At most {max} {en_unit} can be queried")
                }
            }
            Msg::EnergyLoopWithoutGateway => pick("按回路统计时请先选择网关", "Choose the gateway before the loop"),
            Msg::EnergyPriceInvalid => pick(
                "电价应为0到100之间的数，最多4位小数",
                "A price must be a number from 0 to 100 with at most 4 decimals",
            ),
            Msg::EnergyHourBandsInvalid => pick(
                "时段应为24个字母，每小时一个：P峰、F平、V谷",
                "The hour bands must be 24 letters, one per hour: P peak, F flat, V valley",
            ),
            Msg::EnergyBaselineInvalid => pick(
                "节能基准应为全夜满功率或去年同期",
                "The baseline must be full power all night or the same period last year",
            ),
            Msg::EnergyNoteTooLong { max } => {
                if zh {
                    format!("基准说明最多{max}个字符")
                } else {
                    format!("The baseline note can be at most {max} characters")
                }
            }
            Msg::EnergyViewInvalid => pick("导出内容应为趋势或排行", "The export must be the trend or the ranking"),
            Msg::EnergyRankLimitInvalid { max } => {
                if zh {
                    format!("排行数量应为1到{max}")
                } else {
                    format!("The ranking size must be 1 to {max}")
                }
            }
            Msg::EnergyNotHeld { first } => {
                if zh {
                    format!("{first}之前的原始数据已不再保留，无法重算")
                } else {
                    format!("Raw readings before {first} are no longer kept and cannot be rolled again")
                }
            }
            Msg::EnergyRebuildFuture => pick("不能重算未来的日期", "Days in the future cannot be rolled again"),
            Msg::EnergyHoursNotHeld { first } => {
                if zh {
                    format!("{first}之前的逐时能耗已不再保留，请按日或按月查看")
                } else {
                    format!("Hourly figures before {first} are no longer kept; view them by the day or month")
                }
            }
            Msg::EnergyBaselineNotHeld { first } => {
                if zh {
                    format!("{first}之前的逐时能耗没有去年同期的基线，请按日或按月查看")
                } else {
                    format!(
                        "Hourly figures before {first} have no last-year baseline kept; view them by the day or month"
                    )
                }
            }
            Msg::GatewayTypeInvalid => pick("网关类型不超过50个字符", "The gateway type must be at most 50 characters"),
            Msg::GatewayBrandInvalid => {
                pick("网关品牌不超过50个字符", "The gateway brand must be at most 50 characters")
            }
            Msg::FirmwareNotBin => pick("只能上传 bin 格式的固件", "Only .bin firmware files can be uploaded"),
            Msg::FirmwareTooLarge => pick("固件大小不能超过 500 KB", "Firmware must not exceed 500 KB"),
            Msg::FirmwareEmpty => pick("固件文件不能为空", "The firmware file is empty"),
            Msg::FirmwareContentInvalid { detected } => {
                if zh {
                    format!("文件内容为 {detected}，不是固件")
                } else {
                    format!("The file's content is {detected}, not firmware")
                }
            }
            Msg::FirmwareVersionInvalid => pick(
                "版本号为 1 到 32 个字母、数字或 . _ + - 字符",
                "The version must be 1 to 32 letters, digits or . _ + -",
            ),
            Msg::FirmwareTypeInvalid => {
                pick("请输入网关类型（不超过50个字符）", "Enter the gateway type (at most 50 characters)")
            }
            Msg::FirmwareNotesInvalid => pick("说明不超过500个字符", "Notes must be at most 500 characters"),
            Msg::FirmwareVersionTaken => pick("该网关类型已有此版本", "This gateway type already has this version"),
            Msg::FirmwareNotFound => pick("固件不存在", "The firmware does not exist"),
            Msg::FirmwareIdInvalid => pick("固件编号不正确", "Invalid firmware id"),
            Msg::GroupIdInvalid => pick("设备分组编号不正确", "Invalid device group id"),
            Msg::CampaignIdInvalid => pick("升级任务编号不正确", "Invalid upgrade campaign id"),
            Msg::FirmwareInUse => pick(
                "固件正被升级任务使用，不能删除",
                "The firmware is used by an upgrade campaign and cannot be deleted",
            ),
            Msg::UpgradeTypeMixed => pick("只支持同一种网关类型升级", "Only one gateway type supports upgrade"),
            Msg::UpgradeTypeMismatch { firmware, gateways } => {
                if zh {
                    format!("固件适用于 {firmware} 类型的网关，所选网关为 {gateways}")
                } else {
                    format!("The firmware is for gateways of type {firmware}; the chosen gateways are {gateways}")
                }
            }
            Msg::UpgradeScopeInvalid => pick(
                "升级范围应为整个项目、设备分组或所选网关",
                "The scope must be the project, a device group or chosen gateways",
            ),
            Msg::UpgradeNoGateways => pick("没有可升级的网关", "There are no gateways to upgrade"),
            Msg::UpgradeConcurrencyInvalid => pick("并发数应为 1 到 200", "Concurrency must be 1 to 200"),
            Msg::UpgradeThresholdInvalid => pick("失败率阈值应为 1 到 100", "The failure threshold must be 1 to 100 %"),
            Msg::UpgradeStateInvalid => pick("升级状态无效", "The upgrade state is not valid"),
            Msg::CampaignStateInvalid => pick("升级任务状态无效", "The campaign state is not valid"),
            Msg::CampaignNotFound => pick("升级任务不存在", "The upgrade campaign does not exist"),
            Msg::CampaignActionRefused => {
                pick("升级任务当前状态不能执行此操作", "The campaign cannot do this in its present state")
            }
            Msg::UpgradeGatewayBusy { gateway } => {
                if zh {
                    format!("网关 {gateway} 已在另一个升级任务中")
                } else {
                    format!("Gateway {gateway} is already in another upgrade campaign")
                }
            }
            Msg::ParamsBrandMixed => {
                pick("只支持同一种网关品牌批量设置参数", "Only one gateway brand supports batch parameter setting")
            }
            Msg::ParamsBrandMissing { gateway } => {
                if zh {
                    format!("网关 {gateway} 未填写品牌，请先填写品牌再设置参数")
                } else {
                    format!("Gateway {gateway} has no brand; enter its brand before setting parameters")
                }
            }
            Msg::ParamsNone => pick("请至少设置一个参数", "Set at least one parameter"),
            Msg::ParamsHeartbeatInvalid => {
                pick("心跳间隔应为 10 到 30 秒的整数", "The heartbeat interval must be a whole 10 to 30 seconds")
            }
            Msg::ParamsTelemetryInvalid => {
                pick("上报间隔应为 10 到 3600 秒的整数", "The telemetry interval must be a whole 10 to 3600 seconds")
            }
            Msg::ParamsNoGateways => pick("请选择要设置参数的网关", "Choose the gateways to set parameters on"),
            Msg::ParamsTooManyGateways { max } => {
                if zh {
                    format!("一次最多设置 {max} 个网关的参数")
                } else {
                    format!("Parameters can be set on at most {max} gateways at once")
                }
            }
            Msg::UpgradeFailedNoAnswer => pick("网关多次未应答", "The gateway did not answer, again and again"),
            Msg::UpgradeFailedOffline => {
                pick("网关离线，未能在限定时间内恢复", "The gateway went offline and did not come back in time")
            }
            Msg::UpgradeFailedRejected { reason } => {
                if zh {
                    format!("网关拒绝：{reason}")
                } else {
                    format!("The gateway refused: {reason}")
                }
            }
            Msg::UpgradeFailedOldVersion { version } => {
                if zh {
                    format!("重启后网关仍为旧版本 {version}")
                } else {
                    format!("After the reboot the gateway came back with the old version {version}")
                }
            }
            Msg::UpgradeFailedNotConfirmed => {
                pick("重启后网关未上报新版本", "After the reboot the gateway did not report the new version")
            }
            Msg::CampaignStoppedFailureRate { rate, threshold } => {
                if zh {
                    format!("失败率 {rate}% 超过阈值 {threshold}%，升级已自动停止")
                } else {
                    format!("Stopped by itself: {rate} % of the gateways failed, over the threshold of {threshold} %")
                }
            }
            Msg::TimingNotFound => pick("定时一键控制不存在", "The timing one-key control does not exist"),
            Msg::TimingTimeInvalid => pick("时间格式应为年-月-日 时:分:秒", "The time must be YYYY-MM-DD HH:mm:ss"),
            Msg::TimingEndBeforeStart => pick("结束时间必须晚于开始时间", "The end date must be after the start date"),
            Msg::TimingStartPast => pick("开始时间不能早于当前时间", "The start cannot be in the past"),
            Msg::TimingTooLong => pick("定时一键控制最长366天", "A timing one-key control lasts at most 366 days"),
            Msg::ScheduleQueuedOffline { hours } => {
                if zh {
                    format!("网关离线：计划已排队，网关上线后自动下发（{hours} 小时内有效）")
                } else {
                    format!("Gateway offline: the schedule is queued and sent as soon as it is back (for {hours} h)")
                }
            }
            Msg::ScheduleQueuedRetry { hours } => {
                if zh {
                    format!("网关未应答：计划已排队，将自动重发（{hours} 小时内有效）")
                } else {
                    format!("The gateway did not answer: the schedule is queued and sent again (for {hours} h)")
                }
            }
            Msg::CommandExpired => {
                pick("网关在有效期内未上线，指令已过期", "The gateway was not back in time: the command expired")
            }
            Msg::CommandGivenUp { attempts } => {
                if zh {
                    format!("已发送 {attempts} 次均未应答，指令已放弃")
                } else {
                    format!("Sent {attempts} times without an answer: the command was given up")
                }
            }
            Msg::CommandFilterInvalid => pick("查询条件无效", "The search conditions are not valid"),
            Msg::DeviceOffline => pick("设备离线，无法操作。", "Device offline, cannot operate."),
            Msg::CommandTimeout { seconds } => {
                if zh {
                    format!("设备在 {seconds} 秒内未应答，操作结果未知，请稍后读取状态确认")
                } else {
                    format!(
                        "The device did not answer within {seconds} s; the outcome is unknown, read its state to check"
                    )
                }
            }
            Msg::DeviceRejected { reason } => {
                if zh {
                    format!("设备拒绝执行：{reason}")
                } else {
                    format!("The device refused the command: {reason}")
                }
            } // ---- end bridge ----
            // ---- files ----
            Msg::FileTypeError => pick("文件类型错误", "File type error"),
            Msg::UploadFileMissing => pick("请选择要上传的文件", "Choose a file to upload"),
            Msg::FileContentInvalid { allowed } => {
                if zh {
                    format!("文件内容不是允许的格式，仅支持：{allowed}")
                } else {
                    format!("The file's content is not an allowed format; allowed: {allowed}")
                }
            }
            Msg::FileExtensionMismatch { extension, detected } => {
                if zh {
                    format!("文件扩展名 {extension} 与文件内容（{detected}）不符")
                } else {
                    format!("The file name's extension {extension} does not match its content ({detected})")
                }
            }
            Msg::FileTooLarge { limit_kb } => {
                let limit =
                    if limit_kb % 1024 == 0 { format!("{} MB", limit_kb / 1024) } else { format!("{limit_kb} KB") };
                if zh {
                    format!("文件大小不能超过 {limit}")
                } else {
                    format!("The file may be at most {limit}")
                }
            }
            Msg::FileStoreMissing => {
                pick("文件存储未配置，无法上传", "File storage is not configured; uploads are off")
            }
            Msg::FileIdInvalid => pick("文件编号不正确", "Invalid file id"),
            Msg::FileNotFound => pick("文件不存在", "The file does not exist"),
            Msg::FileNameRequired => pick("文件名称不能为空", "The file name cannot be empty"),
            Msg::FileNameTooLong => {
                pick("文件名称长度不能超过100个字符", "The file name may be at most 100 characters")
            }
            Msg::FileTypeFilterInvalid => pick("文件类型不正确", "Invalid file type"),
            Msg::FileAuditStatusInvalid => {
                pick("审核结果只能是通过或不通过", "The audit result must be pass or no pass")
            }
            Msg::FileAuditReasonRequired => pick("审核不通过时必须填写原因", "A no-pass audit needs a reason"),
            Msg::FileAuditReasonTooLong => {
                pick("审核意见长度不能超过200个字符", "The audit reason may be at most 200 characters")
            }
            Msg::FileBeingProcessed => pick("文件正在处理中，不能编辑", "A file being processed cannot be edited"),
            // ---- end files ----
        }
    }

    /// The message a login-log key stands for, to show it in the reader's language; `None`
    /// for a key the login log never writes. Arguments are not kept in the log, so a lock
    /// reads as the generic [`Msg::AccountLocked`].
    pub fn from_login_key(key: &str) -> Option<Msg> {
        Some(match key {
            "user.login.success" => Msg::LoginSuccess,
            "user.logout.success" => Msg::LogoutSuccess,
            "user.password.not.match" => Msg::BadCredentials,
            "user.blocked" => Msg::UserDisabled,
            "user.jcaptcha.required" => Msg::CaptchaRequired,
            "user.jcaptcha.expire" => Msg::CaptchaExpired,
            "user.jcaptcha.error" => Msg::CaptchaWrong,
            "user.username.required" => Msg::UsernameRequired,
            "user.password.required" => Msg::PasswordRequired,
            "auth.other.system.failed" => Msg::OtherSystemAuthFailed,
            "user.password.retry.limit.exceed" | "user.locked" => Msg::AccountLocked,
            "user.password.old.wrong" => Msg::OldPasswordWrong,
            _ => return None,
        })
    }

    /// A stable key for logs and the login log (never shown to users).
    pub fn key(&self) -> &'static str {
        match self {
            Msg::Success => "success",
            Msg::Relayed(_) => "relayed",
            Msg::LoginSuccess => "user.login.success",
            Msg::LogoutSuccess => "user.logout.success",
            Msg::BadCredentials => "user.password.not.match",
            Msg::UserDisabled => "user.blocked",
            Msg::CaptchaRequired => "user.jcaptcha.required",
            Msg::CaptchaExpired => "user.jcaptcha.expire",
            Msg::CaptchaWrong => "user.jcaptcha.error",
            Msg::UsernameRequired => "user.username.required",
            Msg::PasswordRequired => "user.password.required",
            Msg::TokenMissing => "auth.token.missing",
            Msg::TokenInvalid => "auth.token.invalid",
            Msg::SessionExpired => "auth.session.expired",
            Msg::NoPermission => "auth.no.permission",
            Msg::ProjectForbidden => "project.forbidden",
            Msg::ProjectIdInvalid => "project.id.invalid",
            Msg::NotFound => "not.found",
            Msg::RouteNotFound => "route.not.found",
            Msg::MethodNotAllowed => "method.not.allowed",
            Msg::TooManyRequests => "too.many.requests",
            Msg::RequestTimeout { .. } => "request.timeout",
            Msg::BodyTooLarge { .. } => "body.too.large",
            Msg::BadRequest => "bad.request",
            Msg::DuplicateRecord => "record.duplicate",
            Msg::RecordReferenced => "record.referenced",
            Msg::ValueTooLong => "value.too.long",
            Msg::InvalidJson => "invalid.json",
            Msg::NulCharacter => "text.nul",
            Msg::Internal => "internal",
            Msg::Unavailable => "unavailable",
            Msg::ConfigNotFound => "config.not.found",
            Msg::ProjectNotFound => "project.not.found",
            Msg::OtherSystemAuthFailed => "auth.other.system.failed",
            Msg::TooManyFailures { .. } => "user.password.retry.limit.exceed",
            Msg::NickNameInvalid => "user.nickname.invalid",
            Msg::PhoneInvalid => "user.phone.invalid",
            Msg::EmailInvalid => "user.email.invalid",
            Msg::SexInvalid => "user.sex.invalid",
            Msg::PasswordLength => "user.password.length",
            Msg::PasswordHasSpaces => "user.password.spaces",
            Msg::OldPasswordWrong => "user.password.old.wrong",
            Msg::NewPasswordSameAsOld => "user.password.same",
            Msg::PasswordTooShort { .. } => "user.password.policy.length",
            Msg::PasswordNeedsUpper => "user.password.policy.upper",
            Msg::PasswordNeedsLower => "user.password.policy.lower",
            Msg::PasswordNeedsDigit => "user.password.policy.digit",
            Msg::PasswordNeedsSpecial => "user.password.policy.special",
            Msg::StatusInvalid => "status.invalid",
            Msg::DeptIdInvalid => "dept.id.invalid",
            Msg::DeptNotFound => "dept.not.found",
            Msg::DeptNameInvalid => "dept.name.invalid",
            Msg::DeptCodeInvalid => "dept.code.invalid",
            Msg::DeptTypeInvalid => "dept.type.invalid",
            Msg::OrderNumInvalid => "order.num.invalid",
            Msg::LeaderInvalid => "dept.leader.invalid",
            Msg::DeptParentNotFound => "dept.parent.not.found",
            Msg::DeptParentIsSelf => "dept.parent.self",
            Msg::DeptParentIsDescendant => "dept.parent.descendant",
            Msg::DeptParentDisabled => "dept.parent.disabled",
            Msg::DeptHasEnabledChildren => "dept.children.enabled",
            Msg::DeptHasChildren => "dept.has.children",
            Msg::DeptHasUsers => "dept.has.users",
            Msg::AddressIdInvalid => "address.id.invalid",
            Msg::AddressNotFound => "address.not.found",
            Msg::AddressNameRequired => "address.name.required",
            Msg::AddressNameTooLong => "address.name.too.long",
            Msg::AddressParentNotFound => "address.parent.not.found",
            Msg::AddressParentIsSelf => "address.parent.self",
            Msg::AddressParentIsDescendant => "address.parent.descendant",
            Msg::AddressHasChildrenCannotMove => "address.children.move",
            Msg::AddressHasChildren => "address.has.children",
            Msg::UserIdInvalid => "user.id.invalid",
            Msg::UserNotFound => "user.not.found",
            Msg::UserNameInvalid => "user.name.invalid",
            Msg::RoleNotFound => "role.not.found",
            Msg::AllProjectsInvalid => "user.projects.invalid",
            Msg::QualificationInvalid => "user.qualification.invalid",
            Msg::UserIsSelf => "user.self",
            Msg::UserIsAdmin => "user.admin",
            Msg::ImportFileMissing => "import.file.missing",
            Msg::ImportFileType => "import.file.type",
            Msg::ImportFileUnreadable => "import.file.unreadable",
            Msg::ImportEmpty => "import.empty",
            Msg::ImportHeaderInvalid => "import.header.invalid",
            Msg::ImportDuplicateInFile => "import.duplicate",
            Msg::DateInvalid => "date.invalid",
            Msg::DeptNameTaken { .. } => "dept.name.taken",
            Msg::AddressNameTaken { .. } => "address.name.taken",
            // ---- project info ----
            Msg::FieldTooLong { .. } => "field.too.long",
            Msg::ProjectNameRequired => "project.name.required",
            Msg::ProjectNumberRequired => "project.number.required",
            Msg::ProjectNumberInvalid => "project.number.invalid",
            Msg::ProjectNumberTaken { .. } => "project.number.taken",
            Msg::ProjectCityInvalid => "project.city.invalid",
            Msg::ProjectAddressRequired => "project.address.required",
            Msg::ProjectStatusInvalid => "project.status.invalid",
            Msg::ProjectAcceptanceInvalid => "project.acceptance.invalid",
            Msg::ProjectStartDateInvalid => "project.start.date.invalid",
            Msg::ProjectMapModeInvalid => "project.map.mode.invalid",
            Msg::ProjectMapLevelInvalid => "project.map.level.invalid",
            Msg::ProjectLocationInvalid => "project.location.invalid",
            Msg::ProjectLogoStatusInvalid => "project.logo.status.invalid",
            Msg::ProjectPicturePathInvalid => "project.picture.path.invalid",
            Msg::ProjectPicturesTooMany { .. } => "project.pictures.too.many",
            Msg::ProjectModulesTooMany => "project.modules.too.many",
            Msg::ProjectModulePositionInvalid => "project.module.position.invalid",
            Msg::ProjectModulePositionRepeated => "project.module.position.repeated",
            Msg::ProjectModuleInvalid => "project.module.invalid",
            Msg::ProjectModuleRepeated => "project.module.repeated",
            Msg::ProjectIntervalInvalid { .. } => "project.interval.invalid",
            Msg::ProjectEnableInvalid => "project.enable.invalid",
            Msg::ProjectMediaKindInvalid => "project.media.kind.invalid",
            Msg::ProjectHasGateways { .. } => "project.has.gateways",
            Msg::ProjectHasOpenAlarms { .. } => "project.has.open.alarms",
            Msg::AreaIdInvalid => "area.id.invalid",
            Msg::AreaNotFound => "area.not.found",
            Msg::AreaNameRequired => "area.name.required",
            Msg::AreaNameTaken { .. } => "area.name.taken",
            Msg::AreaTypeInvalid => "area.type.invalid",
            Msg::AreaColourInvalid => "area.colour.invalid",
            Msg::AreaOrderInvalid { .. } => "area.order.invalid",
            Msg::AreaNotDrawn => "area.not.drawn",
            Msg::AreaPointsOffPlan => "area.points.off.plan",
            Msg::AreaTooManyPoints { .. } => "area.points.too.many",
            Msg::AreaEdgesCross => "area.edges.cross",
            Msg::AreasTooMany { .. } => "area.too.many",
            Msg::AreaPlanPictureMissing => "area.plan.picture.missing",
            Msg::PlanDeviceTypeInvalid => "area.device.type.invalid",
            Msg::PlanDeviceIdInvalid => "area.device.id.invalid",
            Msg::PlanDeviceNotPlaced => "area.device.not.placed",
            Msg::DeviceOutsideArea => "area.device.outside",
            Msg::AreaLeavesDevices { .. } => "area.leaves.devices",
            Msg::NoticeIdInvalid => "notice.id.invalid",
            Msg::NoticeNotFound => "notice.not.found",
            Msg::NoticeTitleRequired => "notice.title.required",
            Msg::NoticeTypeInvalid => "notice.type.invalid",
            Msg::NoticeStatusInvalid => "notice.status.invalid",
            Msg::NoticeClosedNotPublished => "notice.closed.publish",
            // ---- end project info ----
            Msg::DeptCodeTaken { .. } => "dept.code.taken",
            Msg::UserNameTaken { .. } => "user.name.taken",
            Msg::UserExists { .. } => "user.exists",
            Msg::TooManyQualifications { .. } => "user.qualification.too.many",
            Msg::ImportTooManyRows { .. } => "import.too.many",
            Msg::ImportFailed { .. } => "import.failed",
            Msg::ImportSucceeded { .. } => "import.succeeded",
            Msg::RoleIdInvalid => "role.id.invalid",
            Msg::RoleNameInvalid => "role.name.invalid",
            Msg::RoleKeyInvalid => "role.key.invalid",
            Msg::RoleIsAdmin => "role.admin",
            Msg::DataScopeInvalid => "role.data.scope.invalid",
            Msg::MenuNotFound => "menu.not.found",
            Msg::SwitchInvalid => "switch.invalid",
            Msg::RoleNameTaken { .. } => "role.name.taken",
            Msg::RoleKeyTaken { .. } => "role.key.taken",
            Msg::RoleAssigned { .. } => "role.assigned",
            Msg::ConfigIdInvalid => "config.id.invalid",
            Msg::ConfigNameInvalid => "config.name.invalid",
            Msg::ConfigKeyInvalid => "config.key.invalid",
            Msg::ConfigValueInvalid => "config.value.invalid",
            Msg::ConfigTypeInvalid => "config.type.invalid",
            Msg::BuiltinKeyFixed => "builtin.key.fixed",
            Msg::DictIdInvalid => "dict.id.invalid",
            Msg::DictNameInvalid => "dict.name.invalid",
            Msg::DictTypeInvalid => "dict.type.invalid",
            Msg::DictTypeNotFound => "dict.type.not.found",
            Msg::DictLabelInvalid => "dict.label.invalid",
            Msg::DictValueInvalid => "dict.value.invalid",
            Msg::DictDataNotFound => "dict.data.not.found",
            Msg::ListClassInvalid => "dict.list.class.invalid",
            Msg::CssClassInvalid => "dict.css.class.invalid",
            Msg::ConfigKeyTaken { .. } => "config.key.taken",
            Msg::BuiltinNotDeletable { .. } => "builtin.not.deletable",
            Msg::DictTypeTaken { .. } => "dict.type.taken",
            Msg::DictTypeHasData { .. } => "dict.type.has.data",
            Msg::DictValueTaken { .. } => "dict.value.taken",
            Msg::AccountLocked => "user.locked",
            Msg::LogIdInvalid => "log.id.invalid",
            Msg::MenuIdInvalid => "menu.id.invalid",
            Msg::MenuNameInvalid => "menu.name.invalid",
            Msg::MenuTypeInvalid => "menu.type.invalid",
            Msg::MenuParentInvalid => "menu.parent.invalid",
            Msg::MenuPathInvalid => "menu.path.invalid",
            Msg::MenuComponentInvalid => "menu.component.invalid",
            Msg::MenuPermsInvalid => "menu.perms.invalid",
            Msg::MenuIconInvalid => "menu.icon.invalid",
            Msg::MenuModuleInvalid => "menu.module.invalid",
            Msg::MenuHasChildren => "menu.has.children",
            Msg::MenuAssigned => "menu.assigned",
            Msg::MenuNameTaken { .. } => "menu.name.taken",
            Msg::AdviceTitleInvalid => "advice.title.invalid",
            Msg::AdviceContentInvalid => "advice.content.invalid",
            Msg::AdviceReplyInvalid => "advice.reply.invalid",
            Msg::AdviceStatusInvalid => "advice.status.invalid",
            Msg::AdviceNotFound => "advice.not.found",
            Msg::BackupFileMissing => "backup.file.missing",
            Msg::BackupFileType => "backup.file.type",
            Msg::BackupNotSigned => "backup.not.signed",
            Msg::BackupDamaged => "backup.damaged",
            Msg::BackupVersionMismatch { .. } => "backup.version.mismatch",
            Msg::BackupNotFound => "backup.not.found",
            Msg::BackupRestored { .. } => "backup.restored",
            Msg::JobIdInvalid => "job.id.invalid",
            Msg::JobNameInvalid => "job.name.invalid",
            Msg::JobGroupInvalid => "job.group.invalid",
            Msg::JobTargetInvalid => "job.target.invalid",
            Msg::CronInvalid => "job.cron.invalid",
            Msg::JobPolicyInvalid => "job.policy.invalid",
            Msg::JobNotFound => "job.not.found",
            Msg::JobOnSchedule => "job.on.schedule",
            Msg::JobNameTaken { .. } => "job.name.taken",
            Msg::AvatarMissing => "user.avatar.missing",
            Msg::AvatarInvalid => "user.avatar.invalid",
            Msg::AvatarTooLarge { .. } => "user.avatar.too.large",
            // ---- lighting ----
            Msg::ProjectRequired => "project.required",
            Msg::GatewayIdInvalid => "lighting.gateway.id.invalid",
            Msg::GatewayNotFound => "lighting.gateway.not.found",
            Msg::DeviceTypeInvalid => "device.type.invalid",
            Msg::DeviceLocationInvalid => "device.location.invalid",
            Msg::MapViewportInvalid => "device.map.viewport.invalid",
            Msg::GatewayNameInvalid => "lighting.gateway.name.invalid",
            Msg::GatewayNumberInvalid => "lighting.gateway.number.invalid",
            Msg::GatewayNumberTaken { .. } => "lighting.gateway.number.taken",
            Msg::CommunicationTypeInvalid => "lighting.gateway.communication.invalid",
            Msg::LoopCountInvalid => "lighting.loop.count.invalid",
            Msg::LoopIndexInvalid { .. } => "lighting.loop.index.invalid",
            Msg::LoopGivenTwice { .. } => "lighting.loop.twice",
            Msg::LoopNameInvalid => "lighting.loop.name.invalid",
            Msg::RemarkInvalid => "lighting.remark.invalid",
            Msg::PageInvalid => "page.invalid",
            Msg::OnlineStatusInvalid => "lighting.online.status.invalid",
            Msg::SearchTooLong => "lighting.search.too.long",
            Msg::ProvinceCodeInvalid => "project.city.province.invalid",
            Msg::HoursInvalid => "lighting.hours.invalid",
            Msg::SwitchStateRequired => "lighting.switch.required",
            Msg::TooManyIds { .. } => "lighting.ids.too.many",
            // ---- end lighting ----
            // ---- alarm ----
            Msg::AlarmNameInvalid => "alarm.type.name.invalid",
            Msg::AlarmDeviceTypeInvalid => "alarm.type.device.type.invalid",
            Msg::AlarmLevelInvalid => "alarm.type.level.invalid",
            Msg::AlarmContentZhInvalid => "alarm.type.content.zh.invalid",
            Msg::AlarmContentEnInvalid => "alarm.type.content.en.invalid",
            Msg::AlarmTriggerAttributeInvalid => "alarm.type.trigger.attribute.invalid",
            Msg::AlarmTriggerComparisonInvalid => "alarm.type.trigger.comparison.invalid",
            Msg::AlarmTriggerValueInvalid => "alarm.type.trigger.value.invalid",
            Msg::AlarmTriggerDurationInvalid => "alarm.type.trigger.duration.invalid",
            Msg::AlarmRecoveryAttributeInvalid => "alarm.type.recovery.attribute.invalid",
            Msg::AlarmRecoveryComparisonInvalid => "alarm.type.recovery.comparison.invalid",
            Msg::AlarmRecoveryValueInvalid => "alarm.type.recovery.value.invalid",
            Msg::AlarmRecoveryDurationInvalid => "alarm.type.recovery.duration.invalid",
            Msg::AlarmRecoveryRequired => "alarm.type.recovery.required",
            Msg::AlarmRecoveryIncomplete => "alarm.type.recovery.incomplete",
            Msg::AlarmEventTriggerInvalid => "alarm.type.event.trigger.invalid",
            Msg::AlarmEventRecoveryInvalid => "alarm.type.event.recovery.invalid",
            Msg::AlarmAutoProcessingInvalid => "alarm.type.auto.processing.invalid",
            Msg::AlarmAutoWorkOrderInvalid => "alarm.type.auto.work.order.invalid",
            Msg::AlarmTypeStatusInvalid => "alarm.type.status.invalid",
            Msg::AlarmTypeIdInvalid => "alarm.type.id.invalid",
            Msg::AlarmTypeNotFound => "alarm.type.not.found",
            Msg::AlarmIdInvalid => "alarm.id.invalid",
            Msg::AlarmTrendDaysInvalid => "alarm.trend.days.invalid",
            Msg::UtcOffsetInvalid => "utc.offset.invalid",
            Msg::ScreenProjectRequired => "screen.project.required",
            Msg::MonitorGateways => "monitor.type.gateway",
            Msg::MonitorLoops => "monitor.type.loop",
            Msg::MonitorAlarms => "monitor.type.alarm",
            Msg::AlarmNotFound => "alarm.not.found",
            Msg::AlarmStatusInvalid => "alarm.status.invalid",
            Msg::AlarmTimeInvalid => "alarm.time.invalid",
            Msg::AlarmNotOpen => "alarm.not.open",
            Msg::AlarmNotUnprocessed => "alarm.not.unprocessed",
            Msg::AlarmCloseReasonInvalid => "alarm.close.reason.invalid",
            Msg::WorkOrderNotFound => "work.order.not.found",
            Msg::WorkOrderIdInvalid => "work.order.id.invalid",
            Msg::WorkOrderFinished => "work.order.finished",
            Msg::WorkOrderNotUnassigned => "work.order.not.unassigned",
            Msg::WorkOrderNotInProgress => "work.order.not.in.progress",
            Msg::WorkOrderNotReturnable => "work.order.not.returnable",
            Msg::WorkOrderNotPendingConfirmation => "work.order.not.pending",
            Msg::WorkOrderActionInvalid => "work.order.action.invalid",
            Msg::WorkOrderTypeInvalid => "work.order.type.invalid",
            Msg::WorkOrderQuestionInvalid => "work.order.question.invalid",
            Msg::WorkOrderUrgencyInvalid => "work.order.urgency.invalid",
            Msg::WorkOrderStatusInvalid => "work.order.status.invalid",
            Msg::WorkOrderExpectedTimeInvalid => "work.order.expected.time.invalid",
            Msg::WorkOrderDescriptionInvalid => "work.order.description.invalid",
            Msg::WorkOrderAddressTooLong => "work.order.address.too.long",
            Msg::WorkOrderAlarmRequired => "work.order.alarm.required",
            Msg::WorkOrderAlarmTaken => "work.order.alarm.taken",
            Msg::WorkOrderAttachmentsInvalid => "work.order.attachments.invalid",
            Msg::WorkOrderNoteInvalid => "work.order.note.invalid",
            Msg::WorkOrderHandlerRequired => "work.order.handler.required",
            Msg::WorkOrderHandlerNotMember => "work.order.handler.not.member",
            Msg::WorkOrderScoreInvalid => "work.order.score.invalid",
            Msg::WorkOrderEvaluationTooLong => "work.order.evaluation.too.long",
            Msg::WorkOrderCloseReasonInvalid => "work.order.close.reason.invalid",
            Msg::InspectionIdInvalid => "inspection.id.invalid",
            Msg::InspectionTeamNotFound => "inspection.team.not.found",
            Msg::InspectionRouteNotFound => "inspection.route.not.found",
            Msg::InspectionPlanNotFound => "inspection.plan.not.found",
            Msg::InspectionTaskNotFound => "inspection.task.not.found",
            Msg::InspectionNameInvalid { .. } => "inspection.name.invalid",
            Msg::InspectionNameTaken { .. } => "inspection.name.taken",
            Msg::InspectionRemarkTooLong => "inspection.remark.too.long",
            Msg::InspectionMembersInvalid => "inspection.members.invalid",
            Msg::InspectionMemberNotMember => "inspection.member.not.member",
            Msg::InspectionPointsInvalid => "inspection.points.invalid",
            Msg::InspectionPointTypeInvalid => "inspection.point.type.invalid",
            Msg::InspectionPointDuplicate => "inspection.point.duplicate",
            Msg::InspectionPointNotFound => "inspection.point.not.found",
            Msg::InspectionRouteRequired => "inspection.route.required",
            Msg::InspectionTeamRequired => "inspection.team.required",
            Msg::InspectionPeriodInvalid => "inspection.period.invalid",
            Msg::InspectionPlanStatusInvalid => "inspection.plan.status.invalid",
            Msg::InspectionPlanDatesRequired => "inspection.plan.dates.required",
            Msg::InspectionPlanDatePast => "inspection.plan.date.past",
            Msg::InspectionPlanStartAfterEnd => "inspection.plan.start.after.end",
            Msg::InspectionTeamInUse => "inspection.team.in.use",
            Msg::InspectionRouteInUse => "inspection.route.in.use",
            Msg::InspectionTaskTimesRequired => "inspection.task.times.required",
            Msg::InspectionTaskStartAfterEnd => "inspection.task.start.after.end",
            Msg::InspectionTaskStatusInvalid => "inspection.task.status.invalid",
            Msg::InspectionDescriptionRequired => "inspection.description.required",
            Msg::InspectionTaskNotStarted => "inspection.task.not.started",
            Msg::InspectionTaskFinished => "inspection.task.finished",
            Msg::InspectionTaskExpired => "inspection.task.expired",
            Msg::InspectionTaskFinishedKept => "inspection.task.finished.kept",
            Msg::InspectionResultsIncomplete => "inspection.results.incomplete",
            Msg::InspectionResultInvalid => "inspection.result.invalid",
            Msg::InspectionWorkOrderNotAbnormal => "inspection.work.order.not.abnormal",
            Msg::MaintenanceIdInvalid => "maintenance.id.invalid",
            Msg::MaintenanceCompanyNotFound => "maintenance.company.not.found",
            Msg::MaintenanceContractNotFound => "maintenance.contract.not.found",
            Msg::MaintenancePlanNotFound => "maintenance.plan.not.found",
            Msg::MaintenanceNameInvalid { .. } => "maintenance.name.invalid",
            Msg::MaintenanceNameTaken { .. } => "maintenance.name.taken",
            Msg::MaintenanceContractNumberTaken { .. } => "maintenance.contract.number.taken",
            Msg::MaintenanceCompanyRequired => "maintenance.company.required",
            Msg::MaintenanceContractRequired => "maintenance.contract.required",
            Msg::MaintenanceCompanyInUse => "maintenance.company.in.use",
            Msg::MaintenanceContractInUse => "maintenance.contract.in.use",
            Msg::MaintenanceContractNumberInvalid => "maintenance.contract.number.invalid",
            Msg::MaintenanceContractDatesRequired => "maintenance.contract.dates.required",
            Msg::MaintenanceContractDatePast => "maintenance.contract.date.past",
            Msg::MaintenanceContractStartAfterEnd => "maintenance.contract.start.after.end",
            Msg::MaintenanceAmountInvalid => "maintenance.amount.invalid",
            Msg::MaintenanceContractStateInvalid => "maintenance.contract.state.invalid",
            Msg::MaintenancePlanDateInvalid => "maintenance.plan.date.invalid",
            Msg::MaintenancePlanOutsideContract => "maintenance.plan.outside.contract",
            Msg::MaintenancePlanFinished => "maintenance.plan.finished",
            Msg::MaintenanceResultRequired => "maintenance.result.required",
            Msg::MaintenanceStatusInvalid => "maintenance.status.invalid",
            Msg::AssetIdInvalid => "asset.id.invalid",
            Msg::AssetTypeNotFound => "asset.type.not.found",
            Msg::AssetNotFound => "asset.not.found",
            Msg::AssetRecordNotFound => "asset.record.not.found",
            Msg::AssetNameInvalid { .. } => "asset.name.invalid",
            Msg::AssetCodeInvalid => "asset.code.invalid",
            Msg::AssetCodeTaken { .. } => "asset.code.taken",
            Msg::AssetAttributeTypeInvalid => "asset.attribute.type.invalid",
            Msg::AssetAttributesInvalid => "asset.attributes.invalid",
            Msg::AssetOptionsDefault => "asset.options.default",
            Msg::AssetOptionValueEmpty => "asset.option.value.empty",
            Msg::AssetOptionsRequired => "asset.options.required",
            Msg::AssetRangeRequired => "asset.range.required",
            Msg::AssetAttributeValueInvalid { .. } => "asset.attribute.value.invalid",
            Msg::AssetAttributeRequired { .. } => "asset.attribute.required",
            Msg::AssetTypeRequired => "asset.type.required",
            Msg::AssetTypeInUse => "asset.type.in.use",
            Msg::AssetValueInvalid => "asset.value.invalid",
            Msg::AssetResidualRateInvalid => "asset.residual.rate.invalid",
            Msg::AssetLimitInvalid => "asset.limit.invalid",
            Msg::AssetDateInvalid => "asset.date.invalid",
            Msg::AssetStatusInvalid => "asset.status.invalid",
            Msg::AssetInUse => "asset.in.use",
            Msg::AssetRecordAssetsRequired => "asset.record.assets.required",
            Msg::AssetReturnRecordRequired => "asset.return.record.required",
            Msg::AssetRecordTypeInvalid => "asset.record.type.invalid",
            Msg::AssetNotIdle { .. } => "asset.not.idle",
            Msg::AssetScrapped { .. } => "asset.scrapped",
            Msg::AssetNotReturnable => "asset.not.returnable",
            Msg::AssetScrapNotCancellable => "asset.scrap.not.cancellable",
            Msg::AlarmDetail { .. } => "alarm.detail",
            // ---- end alarm ----
            // ---- bridge ----
            Msg::SceneNotFound => "lighting.scene.not.found",
            Msg::SceneNameInvalid => "lighting.scene.name.invalid",
            Msg::SceneNameTaken { .. } => "lighting.scene.name.taken",
            Msg::SceneTypeInvalid => "lighting.scene.type.invalid",
            Msg::SceneLoopsInvalid { .. } => "lighting.scene.loops.invalid",
            Msg::SceneParameterInvalid => "lighting.scene.parameter.invalid",
            Msg::SceneInUse { .. } => "lighting.scene.in.use",
            Msg::CombinedExecutionInvalid => "lighting.combined.execution.invalid",
            Msg::CombinedRepeatInvalid => "lighting.combined.repeat.invalid",
            Msg::CombinedMembersInvalid { .. } => "lighting.combined.members.invalid",
            Msg::CombinedMemberMinutesInvalid { .. } => "lighting.combined.minutes.invalid",
            Msg::CombinedMemberRepeated => "lighting.combined.member.repeated",
            Msg::CombinedMemberCombined => "lighting.combined.member.combined",
            Msg::SceneInCombined { .. } => "lighting.scene.in.combined",
            Msg::CombinedSceneAlone => "lighting.combined.alone",
            Msg::TaskNotFound => "lighting.task.not.found",
            Msg::TaskNameInvalid => "lighting.task.name.invalid",
            Msg::TaskPriorityInvalid => "lighting.task.priority.invalid",
            Msg::TaskWeekdaysInvalid => "lighting.task.weekdays.invalid",
            Msg::TaskDateRangeInvalid => "lighting.task.dates.invalid",
            Msg::TaskTimeInvalid => "lighting.task.time.invalid",
            Msg::TaskOffsetInvalid { .. } => "lighting.task.offset.invalid",
            Msg::NoSceneToDeliver => "lighting.task.no.scene",
            Msg::TaskScenesTooMany { .. } => "lighting.task.scenes.too.many",
            Msg::TaskGatewaysInvalid { .. } => "lighting.task.gateways.invalid",
            Msg::TaskEnabled => "lighting.task.enabled",
            Msg::TaskNotEnabled { .. } => "lighting.task.not.enabled",
            Msg::PlanChanged => "lighting.plan.changed",
            Msg::SiteLocationInvalid => "lighting.site.location.invalid",
            Msg::TimeZoneInvalid => "lighting.site.zone.invalid",
            Msg::SiteNotSet => "lighting.site.not.set",
            Msg::PlanDateInvalid => "lighting.plan.date.invalid",
            Msg::CategoryNotFound => "device.category.not.found",
            Msg::CategoryNameInvalid => "device.category.name.invalid",
            Msg::CategoryCodeInvalid => "device.category.code.invalid",
            Msg::CategoryCodeTaken { .. } => "device.category.code.taken",
            Msg::CategoryHasTypes => "device.category.has.types",
            Msg::TypeNotFound => "device.type.not.found",
            Msg::TypeNameInvalid => "device.type.name.invalid",
            Msg::TypeCodeInvalid => "device.type.code.invalid",
            Msg::TypeCodeTaken { .. } => "device.type.code.taken",
            Msg::TypeValueInvalid => "device.type.value.invalid",
            Msg::StatusCheckInvalid => "device.type.status.check.invalid",
            Msg::MinimumBurnInvalid => "device.type.minimum.burn.invalid",
            Msg::DeviceNotFound => "device.not.found",
            Msg::DeviceNameInvalid => "device.name.invalid",
            Msg::DeviceCodeInvalid => "device.code.invalid",
            Msg::DeviceCodeTaken { .. } => "device.code.taken",
            Msg::DeviceLoopInvalid => "device.loop.invalid",
            Msg::DeviceAddressInvalid => "device.address.invalid",
            Msg::DeviceStatusInvalid => "device.status.invalid",
            Msg::TypeHasDevices => "device.type.has.devices",
            Msg::GroupNotFound => "device.group.not.found",
            Msg::GroupNameInvalid => "device.group.name.invalid",
            Msg::GroupNameTaken { .. } => "device.group.name.taken",
            Msg::GroupTooManyDevices { .. } => "device.group.too.many.devices",
            Msg::GroupHasNoDevice => "device.group.no.device",
            Msg::HoldMinutesInvalid => "control.hold.minutes.invalid",
            Msg::BrightnessInvalid => "control.brightness.invalid",
            Msg::BrightnessOnlyOn => "control.brightness.only.on",
            Msg::CommunicationCrossMonth => "communication.cross.month",
            Msg::EnergyGranularityInvalid => "energy.granularity.invalid",
            Msg::EnergyDateInvalid => "energy.date.invalid",
            Msg::EnergyRangeReversed => "energy.range.reversed",
            Msg::EnergyRangeTooLong { .. } => "energy.range.too.long",
            Msg::EnergyLoopWithoutGateway => "energy.loop.without.gateway",
            Msg::EnergyPriceInvalid => "energy.price.invalid",
            Msg::EnergyHourBandsInvalid => "energy.hour.bands.invalid",
            Msg::EnergyBaselineInvalid => "energy.baseline.invalid",
            Msg::EnergyNoteTooLong { .. } => "energy.note.too.long",
            Msg::EnergyViewInvalid => "energy.view.invalid",
            Msg::EnergyRankLimitInvalid { .. } => "energy.rank.limit.invalid",
            Msg::EnergyNotHeld { .. } => "energy.not.held",
            Msg::EnergyRebuildFuture => "energy.rebuild.future",
            Msg::EnergyHoursNotHeld { .. } => "energy.hours.not.held",
            Msg::EnergyBaselineNotHeld { .. } => "energy.baseline.not.held",
            Msg::GatewayTypeInvalid => "lighting.gateway.type.invalid",
            Msg::GatewayBrandInvalid => "lighting.gateway.brand.invalid",
            Msg::FirmwareNotBin => "firmware.not.bin",
            Msg::FirmwareTooLarge => "firmware.too.large",
            Msg::FirmwareEmpty => "firmware.empty",
            Msg::FirmwareContentInvalid { .. } => "firmware.content.invalid",
            Msg::FirmwareVersionInvalid => "firmware.version.invalid",
            Msg::FirmwareTypeInvalid => "firmware.type.invalid",
            Msg::FirmwareNotesInvalid => "firmware.notes.invalid",
            Msg::FirmwareVersionTaken => "firmware.version.taken",
            Msg::FirmwareNotFound => "firmware.not.found",
            Msg::FirmwareIdInvalid => "firmware.id.invalid",
            Msg::GroupIdInvalid => "device.group.id.invalid",
            Msg::CampaignIdInvalid => "upgrade.campaign.id.invalid",
            Msg::FirmwareInUse => "firmware.in.use",
            Msg::UpgradeTypeMixed => "upgrade.type.mixed",
            Msg::UpgradeTypeMismatch { .. } => "upgrade.type.mismatch",
            Msg::UpgradeScopeInvalid => "upgrade.scope.invalid",
            Msg::UpgradeNoGateways => "upgrade.no.gateways",
            Msg::UpgradeConcurrencyInvalid => "upgrade.concurrency.invalid",
            Msg::UpgradeThresholdInvalid => "upgrade.threshold.invalid",
            Msg::UpgradeStateInvalid => "upgrade.state.invalid",
            Msg::CampaignStateInvalid => "upgrade.campaign.state.invalid",
            Msg::CampaignNotFound => "upgrade.campaign.not.found",
            Msg::CampaignActionRefused => "upgrade.campaign.action.refused",
            Msg::UpgradeGatewayBusy { .. } => "upgrade.gateway.busy",
            Msg::ParamsBrandMixed => "lighting.params.brand.mixed",
            Msg::ParamsBrandMissing { .. } => "lighting.params.brand.missing",
            Msg::ParamsNone => "lighting.params.none",
            Msg::ParamsHeartbeatInvalid => "lighting.params.heartbeat.invalid",
            Msg::ParamsTelemetryInvalid => "lighting.params.telemetry.invalid",
            Msg::ParamsNoGateways => "lighting.params.no.gateways",
            Msg::ParamsTooManyGateways { .. } => "lighting.params.too.many",
            Msg::UpgradeFailedNoAnswer => "upgrade.failed.no.answer",
            Msg::UpgradeFailedOffline => "upgrade.failed.offline",
            Msg::UpgradeFailedRejected { .. } => "upgrade.failed.rejected",
            Msg::UpgradeFailedOldVersion { .. } => "upgrade.failed.old.version",
            Msg::UpgradeFailedNotConfirmed => "upgrade.failed.not.confirmed",
            Msg::CampaignStoppedFailureRate { .. } => "upgrade.campaign.stopped",
            Msg::TimingNotFound => "timing.not.found",
            Msg::TimingTimeInvalid => "timing.time.invalid",
            Msg::TimingEndBeforeStart => "timing.end.before.start",
            Msg::TimingStartPast => "timing.start.past",
            Msg::TimingTooLong => "timing.too.long",
            Msg::ScheduleQueuedOffline { .. } => "schedule.queued.offline",
            Msg::ScheduleQueuedRetry { .. } => "schedule.queued.retry",
            Msg::CommandExpired => "command.expired",
            Msg::CommandGivenUp { .. } => "command.given.up",
            Msg::CommandFilterInvalid => "command.filter.invalid",
            Msg::DeviceOffline => "device.offline",
            Msg::CommandTimeout { .. } => "device.command.timeout",
            Msg::DeviceRejected { .. } => "device.command.rejected",
            // ---- end bridge ----
            // ---- files ----
            Msg::FileTypeError => "file.type.error",
            Msg::UploadFileMissing => "file.upload.missing",
            Msg::FileContentInvalid { .. } => "file.content.invalid",
            Msg::FileExtensionMismatch { .. } => "file.extension.mismatch",
            Msg::FileTooLarge { .. } => "file.too.large",
            Msg::FileStoreMissing => "file.store.missing",
            Msg::FileIdInvalid => "file.id.invalid",
            Msg::FileNotFound => "file.not.found",
            Msg::FileNameRequired => "file.name.required",
            Msg::FileNameTooLong => "file.name.too.long",
            Msg::FileTypeFilterInvalid => "file.type.filter.invalid",
            Msg::FileAuditStatusInvalid => "file.audit.status.invalid",
            Msg::FileAuditReasonRequired => "file.audit.reason.required",
            Msg::FileAuditReasonTooLong => "file.audit.reason.too.long",
            Msg::FileBeingProcessed => "file.being.processed",
            // ---- end files ----
        }
    }
}

impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_language_falls_back_to_chinese() {
        assert_eq!(Lang::from_header(None), Lang::Zh);
        assert_eq!(Lang::from_header(Some("fr_FR")), Lang::Zh);
        assert_eq!(Lang::from_header(Some("en_US")), Lang::En);
        assert_eq!(Lang::from_header(Some("zh_CN")), Lang::Zh);
    }

    #[test]
    fn every_message_has_both_languages() {
        let all = [
            Msg::Success,
            Msg::GatewayTypeInvalid,
            Msg::GatewayBrandInvalid,
            Msg::FirmwareNotBin,
            Msg::FirmwareTooLarge,
            Msg::FirmwareEmpty,
            Msg::FirmwareContentInvalid { detected: "png".into() },
            Msg::FirmwareVersionInvalid,
            Msg::FirmwareTypeInvalid,
            Msg::FirmwareNotesInvalid,
            Msg::FirmwareVersionTaken,
            Msg::FirmwareNotFound,
            Msg::FirmwareIdInvalid,
            Msg::GroupIdInvalid,
            Msg::CampaignIdInvalid,
            Msg::FirmwareInUse,
            Msg::UpgradeTypeMixed,
            Msg::UpgradeTypeMismatch { firmware: "LSG-100".into(), gateways: "LSG-200".into() },
            Msg::UpgradeScopeInvalid,
            Msg::UpgradeNoGateways,
            Msg::UpgradeConcurrencyInvalid,
            Msg::UpgradeThresholdInvalid,
            Msg::UpgradeStateInvalid,
            Msg::CampaignStateInvalid,
            Msg::CampaignNotFound,
            Msg::CampaignActionRefused,
            Msg::UpgradeGatewayBusy { gateway: "East gate".into() },
            Msg::ParamsBrandMixed,
            Msg::ParamsBrandMissing { gateway: "SIM-00001".into() },
            Msg::ParamsNone,
            Msg::ParamsHeartbeatInvalid,
            Msg::ParamsTelemetryInvalid,
            Msg::ParamsNoGateways,
            Msg::ParamsTooManyGateways { max: 1000 },
            Msg::UpgradeFailedNoAnswer,
            Msg::UpgradeFailedOffline,
            Msg::UpgradeFailedRejected { reason: "image checksum mismatch".into() },
            Msg::UpgradeFailedOldVersion { version: "2.4.1".into() },
            Msg::UpgradeFailedNotConfirmed,
            Msg::CampaignStoppedFailureRate { rate: 40, threshold: 20 },
            Msg::BadCredentials,
            Msg::CaptchaWrong,
            Msg::TokenInvalid,
            Msg::BodyTooLarge { limit_kb: 1 },
            Msg::BackupNotSigned,
            Msg::BackupVersionMismatch { file: 9, current: 10 },
            Msg::BackupRestored { tables: 2, rows: 3 },
            Msg::TooManyRequests,
            Msg::RequestTimeout { seconds: 60 },
            Msg::TooManyFailures { attempts: 5, minutes: 10 },
            Msg::OtherSystemAuthFailed,
            Msg::DuplicateRecord,
            Msg::RecordReferenced,
            Msg::ValueTooLong,
            Msg::ProvinceCodeInvalid,
            Msg::AlarmTrendDaysInvalid,
            Msg::UtcOffsetInvalid,
            Msg::ScreenProjectRequired,
            Msg::MonitorGateways,
            Msg::MonitorLoops,
            Msg::MonitorAlarms,
            Msg::WorkOrderNotFound,
            Msg::WorkOrderIdInvalid,
            Msg::WorkOrderFinished,
            Msg::WorkOrderNotUnassigned,
            Msg::WorkOrderNotInProgress,
            Msg::WorkOrderNotReturnable,
            Msg::WorkOrderNotPendingConfirmation,
            Msg::WorkOrderActionInvalid,
            Msg::WorkOrderTypeInvalid,
            Msg::WorkOrderQuestionInvalid,
            Msg::WorkOrderUrgencyInvalid,
            Msg::WorkOrderStatusInvalid,
            Msg::WorkOrderExpectedTimeInvalid,
            Msg::WorkOrderDescriptionInvalid,
            Msg::WorkOrderAddressTooLong,
            Msg::WorkOrderAlarmRequired,
            Msg::WorkOrderAlarmTaken,
            Msg::WorkOrderAttachmentsInvalid,
            Msg::WorkOrderNoteInvalid,
            Msg::WorkOrderHandlerRequired,
            Msg::WorkOrderHandlerNotMember,
            Msg::WorkOrderScoreInvalid,
            Msg::WorkOrderEvaluationTooLong,
            Msg::WorkOrderCloseReasonInvalid,
            Msg::InspectionIdInvalid,
            Msg::InspectionTeamNotFound,
            Msg::InspectionRouteNotFound,
            Msg::InspectionPlanNotFound,
            Msg::InspectionTaskNotFound,
            Msg::InspectionNameInvalid { max: 50 },
            Msg::InspectionNameTaken { name: "Night patrol".into() },
            Msg::InspectionRemarkTooLong,
            Msg::InspectionMembersInvalid,
            Msg::InspectionMemberNotMember,
            Msg::InspectionPointsInvalid,
            Msg::InspectionPointTypeInvalid,
            Msg::InspectionPointDuplicate,
            Msg::InspectionPointNotFound,
            Msg::InspectionRouteRequired,
            Msg::InspectionTeamRequired,
            Msg::InspectionPeriodInvalid,
            Msg::InspectionPlanStatusInvalid,
            Msg::InspectionPlanDatesRequired,
            Msg::InspectionPlanDatePast,
            Msg::InspectionPlanStartAfterEnd,
            Msg::InspectionTeamInUse,
            Msg::InspectionRouteInUse,
            Msg::InspectionTaskTimesRequired,
            Msg::InspectionTaskStartAfterEnd,
            Msg::InspectionTaskStatusInvalid,
            Msg::InspectionDescriptionRequired,
            Msg::InspectionTaskNotStarted,
            Msg::InspectionTaskFinished,
            Msg::InspectionTaskExpired,
            Msg::InspectionTaskFinishedKept,
            Msg::InspectionResultsIncomplete,
            Msg::InspectionResultInvalid,
            Msg::InspectionWorkOrderNotAbnormal,
            Msg::MaintenanceIdInvalid,
            Msg::MaintenanceCompanyNotFound,
            Msg::MaintenanceContractNotFound,
            Msg::MaintenancePlanNotFound,
            Msg::MaintenanceNameInvalid { max: 50 },
            Msg::MaintenanceNameTaken { name: "HT-2026-01".into() },
            Msg::MaintenanceContractNumberTaken { number: "HT-2026-01".into() },
            Msg::MaintenanceCompanyRequired,
            Msg::MaintenanceContractRequired,
            Msg::MaintenanceCompanyInUse,
            Msg::MaintenanceContractInUse,
            Msg::MaintenanceContractNumberInvalid,
            Msg::MaintenanceContractDatesRequired,
            Msg::MaintenanceContractDatePast,
            Msg::MaintenanceContractStartAfterEnd,
            Msg::MaintenanceAmountInvalid,
            Msg::MaintenanceContractStateInvalid,
            Msg::MaintenancePlanDateInvalid,
            Msg::MaintenancePlanOutsideContract,
            Msg::MaintenancePlanFinished,
            Msg::MaintenanceResultRequired,
            Msg::MaintenanceStatusInvalid,
            Msg::AssetIdInvalid,
            Msg::AssetTypeNotFound,
            Msg::AssetNotFound,
            Msg::AssetRecordNotFound,
            Msg::AssetNameInvalid { max: 50 },
            Msg::AssetCodeInvalid,
            Msg::AssetCodeTaken { code: "ZC-001".into() },
            Msg::AssetAttributeTypeInvalid,
            Msg::AssetAttributesInvalid,
            Msg::AssetOptionsDefault,
            Msg::AssetOptionValueEmpty,
            Msg::AssetOptionsRequired,
            Msg::AssetRangeRequired,
            Msg::AssetAttributeValueInvalid { name: "ZC-001".into() },
            Msg::AssetAttributeRequired { name: "ZC-001".into() },
            Msg::AssetTypeRequired,
            Msg::AssetTypeInUse,
            Msg::AssetValueInvalid,
            Msg::AssetResidualRateInvalid,
            Msg::AssetLimitInvalid,
            Msg::AssetDateInvalid,
            Msg::AssetStatusInvalid,
            Msg::AssetInUse,
            Msg::AssetRecordAssetsRequired,
            Msg::AssetReturnRecordRequired,
            Msg::AssetRecordTypeInvalid,
            Msg::AssetNotIdle { code: "ZC-001".into() },
            Msg::AssetScrapped { code: "ZC-001".into() },
            Msg::AssetNotReturnable,
            Msg::AssetScrapNotCancellable,
            Msg::PageInvalid,
            Msg::PasswordTooShort { min: 8 },
            Msg::PasswordNeedsUpper,
            Msg::PasswordNeedsLower,
            Msg::PasswordNeedsDigit,
            Msg::PasswordNeedsSpecial,
            Msg::AddressIdInvalid,
            Msg::AddressNotFound,
            Msg::AddressNameRequired,
            Msg::AddressNameTooLong,
            Msg::AddressParentNotFound,
            Msg::AddressParentIsSelf,
            Msg::AddressParentIsDescendant,
            Msg::AddressHasChildrenCannotMove,
            Msg::AddressHasChildren,
            Msg::AddressNameTaken { name: "A".into() },
            Msg::FieldTooLong { zh: "负责人", en: "Principal", max: 50 },
            Msg::ProjectNameRequired,
            Msg::ProjectNumberRequired,
            Msg::ProjectNumberInvalid,
            Msg::ProjectNumberTaken { number: "P-1".into() },
            Msg::ProjectCityInvalid,
            Msg::ProjectAddressRequired,
            Msg::ProjectStatusInvalid,
            Msg::ProjectAcceptanceInvalid,
            Msg::ProjectStartDateInvalid,
            Msg::ProjectMapModeInvalid,
            Msg::ProjectMapLevelInvalid,
            Msg::ProjectLocationInvalid,
            Msg::DeviceTypeInvalid,
            Msg::SceneNotFound,
            Msg::SceneNameInvalid,
            Msg::SceneNameTaken { name: "S".into() },
            Msg::SceneTypeInvalid,
            Msg::SceneLoopsInvalid { max: 512 },
            Msg::SceneParameterInvalid,
            Msg::SceneInUse { task: "T".into() },
            Msg::TaskNotFound,
            Msg::TaskNameInvalid,
            Msg::TaskPriorityInvalid,
            Msg::TaskWeekdaysInvalid,
            Msg::TaskDateRangeInvalid,
            Msg::TaskTimeInvalid,
            Msg::TaskOffsetInvalid { max: 180 },
            Msg::NoSceneToDeliver,
            Msg::TaskScenesTooMany { max: 16 },
            Msg::TaskGatewaysInvalid { max: 1000 },
            Msg::TaskEnabled,
            Msg::TaskNotEnabled { name: "Festival".into() },
            Msg::PlanChanged,
            Msg::SiteLocationInvalid,
            Msg::TimeZoneInvalid,
            Msg::SiteNotSet,
            Msg::PlanDateInvalid,
            Msg::CategoryNotFound,
            Msg::CategoryNameInvalid,
            Msg::CategoryCodeInvalid,
            Msg::CategoryCodeTaken { code: "C".into() },
            Msg::CategoryHasTypes,
            Msg::TypeNotFound,
            Msg::TypeNameInvalid,
            Msg::TypeCodeInvalid,
            Msg::TypeCodeTaken { code: "T".into() },
            Msg::TypeValueInvalid,
            Msg::StatusCheckInvalid,
            Msg::MinimumBurnInvalid,
            Msg::DeviceNotFound,
            Msg::DeviceNameInvalid,
            Msg::DeviceCodeInvalid,
            Msg::DeviceCodeTaken { code: "LAMP-1".into() },
            Msg::DeviceLoopInvalid,
            Msg::DeviceAddressInvalid,
            Msg::DeviceStatusInvalid,
            Msg::TypeHasDevices,
            Msg::GroupNotFound,
            Msg::GroupNameInvalid,
            Msg::GroupNameTaken { name: "East bank".into() },
            Msg::GroupTooManyDevices { max: 1000 },
            Msg::GroupHasNoDevice,
            Msg::HoldMinutesInvalid,
            Msg::BrightnessInvalid,
            Msg::BrightnessOnlyOn,
            Msg::CommunicationCrossMonth,
            Msg::EnergyGranularityInvalid,
            Msg::EnergyDateInvalid,
            Msg::EnergyRangeReversed,
            Msg::EnergyRangeTooLong { granularity: "hour", max: 31 },
            Msg::EnergyRangeTooLong { granularity: "day", max: 366 },
            Msg::EnergyRangeTooLong { granularity: "month", max: 120 },
            Msg::EnergyRangeTooLong { granularity: "year", max: 20 },
            Msg::EnergyLoopWithoutGateway,
            Msg::EnergyPriceInvalid,
            Msg::EnergyHourBandsInvalid,
            Msg::EnergyBaselineInvalid,
            Msg::EnergyNoteTooLong { max: 500 },
            Msg::EnergyViewInvalid,
            Msg::EnergyRankLimitInvalid { max: 50 },
            Msg::EnergyNotHeld { first: "2026-08-01".into() },
            Msg::EnergyRebuildFuture,
            Msg::TimingNotFound,
            Msg::TimingTimeInvalid,
            Msg::TimingEndBeforeStart,
            Msg::TimingStartPast,
            Msg::TimingTooLong,
            Msg::CombinedExecutionInvalid,
            Msg::CombinedRepeatInvalid,
            Msg::CombinedMembersInvalid { max: 20 },
            Msg::CombinedMemberMinutesInvalid { min: 5, max: 1440 },
            Msg::CombinedMemberRepeated,
            Msg::CombinedMemberCombined,
            Msg::SceneInCombined { name: "Festival".into() },
            Msg::CombinedSceneAlone,
            Msg::ScheduleQueuedOffline { hours: 24 },
            Msg::ScheduleQueuedRetry { hours: 24 },
            Msg::CommandExpired,
            Msg::CommandGivenUp { attempts: 8 },
            Msg::CommandFilterInvalid,
            Msg::DeviceLocationInvalid,
            Msg::MapViewportInvalid,
            Msg::ProjectLogoStatusInvalid,
            Msg::ProjectPicturePathInvalid,
            Msg::ProjectPicturesTooMany { max: 10 },
            Msg::ProjectModulesTooMany,
            Msg::ProjectModulePositionInvalid,
            Msg::ProjectModulePositionRepeated,
            Msg::ProjectModuleInvalid,
            Msg::ProjectModuleRepeated,
            Msg::ProjectIntervalInvalid { zh: "状态上报间隔", en: "State push interval", min: 10, max: 3600 },
            Msg::ProjectEnableInvalid,
            Msg::ProjectMediaKindInvalid,
            Msg::ProjectHasGateways { count: 2 },
            Msg::ProjectHasOpenAlarms { count: 3 },
            Msg::NoticeIdInvalid,
            Msg::NoticeNotFound,
            Msg::NoticeTitleRequired,
            Msg::NoticeTypeInvalid,
            Msg::NoticeStatusInvalid,
            Msg::NoticeClosedNotPublished,
            Msg::AreaIdInvalid,
            Msg::AreaNotFound,
            Msg::AreaNameRequired,
            Msg::AreaNameTaken { name: "North lawn".into() },
            Msg::AreaTypeInvalid,
            Msg::AreaColourInvalid,
            Msg::AreaOrderInvalid { max: 9999 },
            Msg::AreaNotDrawn,
            Msg::AreaPointsOffPlan,
            Msg::AreaTooManyPoints { max: 100 },
            Msg::AreaEdgesCross,
            Msg::AreasTooMany { max: 200 },
            Msg::AreaPlanPictureMissing,
            Msg::PlanDeviceTypeInvalid,
            Msg::PlanDeviceIdInvalid,
            Msg::PlanDeviceNotPlaced,
            Msg::DeviceOutsideArea,
            Msg::AreaLeavesDevices { count: 2 },
            Msg::FileTypeError,
            Msg::UploadFileMissing,
            Msg::FileContentInvalid { allowed: "png".into() },
            Msg::FileExtensionMismatch { extension: ".png".into(), detected: "gif".into() },
            Msg::FileTooLarge { limit_kb: 5120 },
            Msg::FileTooLarge { limit_kb: 100 },
            Msg::FileStoreMissing,
            Msg::FileIdInvalid,
            Msg::FileNotFound,
            Msg::FileNameRequired,
            Msg::FileNameTooLong,
            Msg::FileTypeFilterInvalid,
            Msg::FileAuditStatusInvalid,
            Msg::FileAuditReasonRequired,
            Msg::FileAuditReasonTooLong,
            Msg::FileBeingProcessed,
        ];
        for msg in all {
            let zh = msg.text(Lang::Zh);
            let en = msg.text(Lang::En);
            assert!(!zh.is_empty() && !en.is_empty());
            assert_ne!(zh, en, "{msg} is not translated");
            assert!(en.is_ascii(), "{msg} english text has chinese");
        }
    }
}
