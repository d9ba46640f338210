//! System parameters (config entries), such as the browser names and the captcha switch.

pub mod grpc;
pub mod model;
pub mod store;

/// The config key that switches the sign-in captcha.
pub const CAPTCHA_ENABLED_KEY: &str = "sys.account.captchaEnabled";

/// Reads a boolean config value the way operators write it.
pub fn parse_flag(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "on" | "yes" => Some(true),
        "false" | "0" | "off" | "no" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags() {
        assert_eq!(parse_flag(" TRUE "), Some(true));
        assert_eq!(parse_flag("false"), Some(false));
        assert_eq!(parse_flag("maybe"), None);
    }
}
