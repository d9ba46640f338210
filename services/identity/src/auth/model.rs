//! The rules of signing in, free of I/O.

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use chrono::{DateTime, Duration, Utc};
use lumiscape_common::config::PasswordPolicyConfig;
use lumiscape_common::i18n::Msg;

/// Longest user name and password accepted before any work is done.
pub const MAX_USER_NAME_LEN: usize = 30;
pub const MAX_PASSWORD_LEN: usize = 128;

/// Hashes a password with argon2id and a random salt.
pub fn hash_password(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| anyhow::anyhow!("password hashing failed: {e}"))
}

/// Whether `password` matches the stored hash. A malformed hash never matches.
pub fn verify_password(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// A hash of a random password, verified against when the user does not exist so that
/// unknown users take as long to refuse as wrong passwords.
pub fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_password(&uuid::Uuid::new_v4().to_string()).unwrap_or_default())
}

/// When repeated wrong passwords lock an account.
#[derive(Debug, Clone, Copy)]
pub struct LockPolicy {
    pub max_attempts: u32,
    pub lock_for: Duration,
}

/// An account's failure count and lock, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LockState {
    pub failed_attempts: u32,
    pub locked_until: Option<DateTime<Utc>>,
}

impl LockState {
    pub fn is_locked_at(&self, now: DateTime<Utc>) -> bool {
        self.locked_until.is_some_and(|until| now < until)
    }

    /// The state after one more wrong password. A lock that has run out starts the count
    /// again; reaching the limit locks the account for the policy's time.
    pub fn after_failure(self, now: DateTime<Utc>, policy: LockPolicy) -> LockState {
        let lock_expired = self.locked_until.is_some_and(|until| until <= now);
        let failed_attempts = if lock_expired { 1 } else { self.failed_attempts.saturating_add(1) };
        let locked_until = if failed_attempts >= policy.max_attempts {
            Some(now + policy.lock_for)
        } else if lock_expired {
            None
        } else {
            self.locked_until
        };
        LockState { failed_attempts, locked_until }
    }
}

/// What a new password must hold (`auth.password_policy`). Applied whenever a password is
/// set, never at sign-in: an account whose password predates the policy (the demo's
/// `admin123`) still signs in, and is asked for a strong one when it changes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasswordPolicy {
    pub min_length: usize,
    pub require_upper: bool,
    pub require_lower: bool,
    pub require_digit: bool,
    pub require_special: bool,
}

impl PasswordPolicy {
    pub fn from_config(cfg: &PasswordPolicyConfig) -> Self {
        Self {
            min_length: cfg.min_length,
            require_upper: cfg.require_upper,
            require_lower: cfg.require_lower,
            require_digit: cfg.require_digit,
            require_special: cfg.require_special,
        }
    }

    /// The first rule the password breaks, checked in a fixed order (length, upper case,
    /// lower case, digit, special character), as a message naming that rule.
    pub fn check(&self, password: &str) -> Result<(), Msg> {
        if password.chars().count() < self.min_length {
            return Err(Msg::PasswordTooShort { min: self.min_length as u64 });
        }
        if self.require_upper && !password.chars().any(char::is_uppercase) {
            return Err(Msg::PasswordNeedsUpper);
        }
        if self.require_lower && !password.chars().any(char::is_lowercase) {
            return Err(Msg::PasswordNeedsLower);
        }
        if self.require_digit && !password.chars().any(|c| c.is_ascii_digit()) {
            return Err(Msg::PasswordNeedsDigit);
        }
        if self.require_special && !password.chars().any(is_special) {
            return Err(Msg::PasswordNeedsSpecial);
        }
        Ok(())
    }
}

/// A special character: neither a letter, a digit nor white space (`!`, `#`, `_`, `€`, ...).
pub fn is_special(c: char) -> bool {
    !c.is_alphanumeric() && !c.is_whitespace()
}

/// Longest `jti` of an other system's token remembered (the column's width).
pub const MAX_JTI_LEN: usize = 255;
/// How far in the future an other system's `iat` may be, for clocks that differ a little.
pub const OTHER_SYSTEM_CLOCK_SKEW_SECONDS: i64 = 30;

/// Whether an other system's token, issued at `iat`, may still be exchanged at `now`
/// (Unix seconds): no older than `max_age_seconds` and not issued in the future beyond a
/// small clock skew.
pub fn other_system_token_is_fresh(iat: i64, now: i64, max_age_seconds: i64) -> bool {
    iat <= now.saturating_add(OTHER_SYSTEM_CLOCK_SKEW_SECONDS) && now.saturating_sub(iat) <= max_age_seconds
}

/// Captcha answers compare case-insensitively, ignoring surrounding spaces.
pub fn captcha_matches(expected: &str, given: &str) -> bool {
    let given = given.trim();
    !given.is_empty() && expected.eq_ignore_ascii_case(given)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn policy() -> LockPolicy {
        LockPolicy { max_attempts: 5, lock_for: Duration::minutes(10) }
    }

    #[test]
    fn five_failures_lock_for_ten_minutes() {
        let now = Utc::now();
        let mut state = LockState { failed_attempts: 0, locked_until: None };
        for attempt in 1..=4 {
            state = state.after_failure(now, policy());
            assert_eq!(state.failed_attempts, attempt);
            assert!(!state.is_locked_at(now));
        }
        state = state.after_failure(now, policy());
        assert!(state.is_locked_at(now));
        assert!(!state.is_locked_at(now + Duration::minutes(10)));
    }

    #[test]
    fn an_expired_lock_restarts_the_count() {
        let now = Utc::now();
        let state = LockState { failed_attempts: 5, locked_until: Some(now - Duration::seconds(1)) };
        let next = state.after_failure(now, policy());
        assert_eq!(next, LockState { failed_attempts: 1, locked_until: None });
    }

    #[test]
    fn passwords_hash_and_verify() {
        let hash = hash_password("admin123").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password(&hash, "admin123"));
        assert!(!verify_password(&hash, "admin124"));
        assert!(!verify_password("not a hash", "admin123"));
    }

    #[test]
    fn other_system_tokens_have_a_maximum_age() {
        let now = 1_700_000_000;
        assert!(other_system_token_is_fresh(now, now, 300));
        assert!(other_system_token_is_fresh(now - 300, now, 300));
        assert!(!other_system_token_is_fresh(now - 301, now, 300));
        assert!(other_system_token_is_fresh(now + 30, now, 300), "a little clock skew");
        assert!(!other_system_token_is_fresh(now + 31, now, 300), "issued in the future");
        assert!(!other_system_token_is_fresh(i64::MIN, now, 300));
    }

    #[test]
    fn captcha_comparison() {
        assert!(captcha_matches("aB3x", " ab3X "));
        assert!(!captcha_matches("aB3x", ""));
        assert!(!captcha_matches("aB3x", "ab3"));
    }

    fn strict() -> PasswordPolicy {
        PasswordPolicy::from_config(&PasswordPolicyConfig::default())
    }

    #[test]
    fn the_default_policy_is_the_specs_strength_rule() {
        let table = [
            ("Str0ng!pw", Ok(())),
            ("Aa1!Aa1!", Ok(())),
            ("Aa1!Aa1", Err(Msg::PasswordTooShort { min: 8 })),
            ("admin123", Err(Msg::PasswordNeedsUpper)),
            ("ADMIN123!", Err(Msg::PasswordNeedsLower)),
            ("Adminxyz!", Err(Msg::PasswordNeedsDigit)),
            ("Admin1234", Err(Msg::PasswordNeedsSpecial)),
            ("Ärger12€x", Ok(())),
        ];
        for (password, expected) in table {
            assert_eq!(strict().check(password), expected, "{password}");
        }
    }

    #[test]
    fn each_rule_can_be_switched_off() {
        let lenient = PasswordPolicy {
            min_length: 6,
            require_upper: false,
            require_lower: false,
            require_digit: false,
            require_special: false,
        };
        assert_eq!(lenient.check("abcdef"), Ok(()));
        assert_eq!(lenient.check("abcde"), Err(Msg::PasswordTooShort { min: 6 }));
        let digits_only = PasswordPolicy { require_digit: true, ..lenient };
        assert_eq!(digits_only.check("abcdef"), Err(Msg::PasswordNeedsDigit));
        assert_eq!(digits_only.check("abcde1"), Ok(()));
    }

    proptest! {
        #[test]
        fn the_policy_accepts_exactly_what_holds_every_rule(password in "\\PC{0,16}") {
            let holds = password.chars().count() >= 8
                && password.chars().any(char::is_uppercase)
                && password.chars().any(char::is_lowercase)
                && password.chars().any(|c| c.is_ascii_digit())
                && password.chars().any(is_special);
            prop_assert_eq!(strict().check(&password).is_ok(), holds);
        }

        #[test]
        fn a_password_with_one_of_each_and_enough_length_passes(
            upper in "[A-Z]", lower in "[a-z]", digit in "[0-9]", special in "[!-/:-@]", rest in "[a-zA-Z0-9]{4,12}",
        ) {
            let password = format!("{rest}{special}{digit}{lower}{upper}");
            prop_assert_eq!(strict().check(&password), Ok(()));
        }

        #[test]
        fn the_lock_comes_exactly_at_the_limit(max in 1u32..10, start in 0u32..10) {
            let now = Utc::now();
            let policy = LockPolicy { max_attempts: max, lock_for: Duration::minutes(1) };
            let state = LockState { failed_attempts: start, locked_until: None }.after_failure(now, policy);
            prop_assert_eq!(state.failed_attempts, start + 1);
            prop_assert_eq!(state.is_locked_at(now), start + 1 >= max);
        }
    }
}
