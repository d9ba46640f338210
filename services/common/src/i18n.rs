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
    BodyTooLarge { limit_kb: u64 },
    BadRequest,
    InvalidJson,
    Internal,
    Unavailable,
    ConfigNotFound,
    ProjectNotFound,
    OtherSystemAuthFailed,
    TooManyFailures { attempts: u32, minutes: u64 },
    NickNameInvalid,
    PhoneInvalid,
    EmailInvalid,
    SexInvalid,
    PasswordLength,
    PasswordHasSpaces,
    OldPasswordWrong,
    NewPasswordSameAsOld,
    AvatarMissing,
    AvatarInvalid,
    AvatarTooLarge { limit_kb: u64 },
    // ---- lighting ----
    // ---- end lighting ----
    // ---- alarm ----
    // ---- end alarm ----
    // ---- bridge ----
    /// The spec's text for a command to an offline gateway.
    DeviceOffline,
    /// No acknowledgement came from the gateway in time.
    CommandTimeout { seconds: u64 },
    /// The gateway answered the command with an error of its own.
    DeviceRejected { reason: String },
    // ---- end bridge ----
}

impl Msg {
    /// The text of the message in the given language.
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        let pick = |z: &str, e: &str| if zh { z.to_owned() } else { e.to_owned() };
        match self {
            Msg::Success => pick("操作成功", "Operation successful"),
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
            Msg::BodyTooLarge { limit_kb } => {
                if zh {
                    format!("请求内容过大，最大 {limit_kb} KB")
                } else {
                    format!("Request body too large, at most {limit_kb} KB")
                }
            }
            Msg::BadRequest => pick("请求参数错误", "Invalid request parameters"),
            Msg::InvalidJson => pick("请求内容格式错误", "Malformed request body"),
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
            // ---- end lighting ----
            // ---- alarm ----
            // ---- end alarm ----
            // ---- bridge ----
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
            }
            // ---- end bridge ----
        }
    }

    /// A stable key for logs and the login log (never shown to users).
    pub fn key(&self) -> &'static str {
        match self {
            Msg::Success => "success",
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
            Msg::BodyTooLarge { .. } => "body.too.large",
            Msg::BadRequest => "bad.request",
            Msg::InvalidJson => "invalid.json",
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
            Msg::AvatarMissing => "user.avatar.missing",
            Msg::AvatarInvalid => "user.avatar.invalid",
            Msg::AvatarTooLarge { .. } => "user.avatar.too.large",
            // ---- lighting ----
            // ---- end lighting ----
            // ---- alarm ----
            // ---- end alarm ----
            // ---- bridge ----
            Msg::DeviceOffline => "device.offline",
            Msg::CommandTimeout { .. } => "device.command.timeout",
            Msg::DeviceRejected { .. } => "device.command.rejected",
            // ---- end bridge ----
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
            Msg::BadCredentials,
            Msg::CaptchaWrong,
            Msg::TokenInvalid,
            Msg::BodyTooLarge { limit_kb: 1 },
            Msg::TooManyFailures { attempts: 5, minutes: 10 },
            Msg::OtherSystemAuthFailed,
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
