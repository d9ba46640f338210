//! Rate limits of the sign-in routes: token buckets (GCRA, the `governor` crate) keyed by
//! the client's address and by the account a sign-in names. A route draws from an address
//! bucket when the route table says so (`RouteSpec::limit`), before anything else is done
//! for it; `/login` also draws from the bucket of the user name it submits, once its body
//! is read. A bucket holds a minute's worth of requests and refills evenly over the minute.
//!
//! The account bucket is the one an attacker could turn against a victim: anyone, from any
//! address, may submit the victim's user name and empty that bucket, and then the victim's
//! own sign-in is refused. It is kept no worse than what the account lockout already allows
//! (`auth.max_failed_attempts` wrong passwords in a row lock the account for
//! `auth.lock_minutes`, 5 and 10 by default):
//! - keeping a victim out through the bucket costs the attacker
//!   `login_per_account_per_minute` requests every minute, without pause (10 a minute by
//!   default, so 100 in ten minutes), each also drawn from the bucket of the address it
//!   comes from; keeping the same victim locked out costs 5 wrong passwords every ten
//!   minutes. The bucket gives no cheaper way to deny anyone;
//! - the denial ends as soon as the attacker stops: the first token is back after
//!   `60 / login_per_account_per_minute` seconds (6 by default), where a lockout lasts its
//!   full ten minutes after the last wrong password;
//! - a refused request takes no token, so the victim retrying does not prolong it, and the
//!   answer's `Retry-After` says when the next token comes;
//! - the key is the user name exactly as the identity service looks it up (trimmed, case
//!   kept), so submitting `ADMIN` does not touch the bucket of `admin`.
//!
//! The client's address is the peer of the connection, or what a trusted proxy says it is
//! (`crate::request::client_address`); without trusted proxies `X-Forwarded-For` is never
//! read.
//! IPv6 addresses are keyed by their /64 network, which one subscriber usually holds whole.

use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota};
use lumiscape_common::config::RateLimitConfig;

/// The address bucket a route draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Sign-in attempts of any kind (`/login`, `/loginByOtherSystem`), which share one
    /// bucket per address; `/login` also draws from the account's bucket.
    SignIn,
    /// New captchas.
    Captcha,
}

/// Refused: the bucket is empty until this much time has passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub Duration);

impl RetryAfter {
    /// Whole seconds for the `Retry-After` header, rounded up and at least 1.
    pub fn seconds(self) -> u64 {
        let seconds = self.0.as_secs() + u64::from(self.0.subsec_nanos() > 0);
        seconds.max(1)
    }
}

/// The edge's buckets, shared by every request of the process.
pub struct RateLimits {
    sign_in_by_address: DefaultKeyedRateLimiter<IpAddr>,
    sign_in_by_account: DefaultKeyedRateLimiter<String>,
    captcha_by_address: DefaultKeyedRateLimiter<IpAddr>,
}

/// Longest user name kept in a key; longer names exist nowhere and may share a bucket.
const ACCOUNT_KEY_CHARS: usize = 128;

impl RateLimits {
    pub fn new(cfg: &RateLimitConfig) -> Self {
        let per_minute = |n: u32| Quota::per_minute(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN));
        Self {
            sign_in_by_address: DefaultKeyedRateLimiter::keyed(per_minute(cfg.login_per_ip_per_minute)),
            sign_in_by_account: DefaultKeyedRateLimiter::keyed(per_minute(cfg.login_per_account_per_minute)),
            captcha_by_address: DefaultKeyedRateLimiter::keyed(per_minute(cfg.captcha_per_ip_per_minute)),
        }
    }

    /// Takes a token from the address bucket of `limit` for a request from `ip`.
    pub fn check_address(&self, limit: Limit, ip: IpAddr) -> Result<(), RetryAfter> {
        let limiter = match limit {
            Limit::SignIn => &self.sign_in_by_address,
            Limit::Captcha => &self.captcha_by_address,
        };
        take(limiter, &address_key(ip))
    }

    /// Takes a token from the bucket of the account a sign-in names; an empty name (which
    /// the identity service refuses anyway) draws from none.
    pub fn check_account(&self, username: &str) -> Result<(), RetryAfter> {
        match account_key(username) {
            Some(key) => take(&self.sign_in_by_account, &key),
            None => Ok(()),
        }
    }

    /// Drops the buckets that are full again, so keys seen once do not pile up.
    pub fn forget_idle(&self) {
        self.sign_in_by_address.retain_recent();
        self.sign_in_by_address.shrink_to_fit();
        self.captcha_by_address.retain_recent();
        self.captcha_by_address.shrink_to_fit();
        self.sign_in_by_account.retain_recent();
        self.sign_in_by_account.shrink_to_fit();
    }
}

fn take<K: Hash + Eq + Clone>(limiter: &DefaultKeyedRateLimiter<K>, key: &K) -> Result<(), RetryAfter> {
    limiter.check_key(key).map_err(|not_until| RetryAfter(not_until.wait_time_from(limiter.clock().now())))
}

/// The key of a client address: an IPv4 address as it is (also when it arrives mapped into
/// IPv6), an IPv6 address by its /64 network.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
    }
}

/// The key of an account: the user name as the identity service looks it up (trimmed,
/// case kept), cut to a bounded length; none for an empty name.
pub fn account_key(username: &str) -> Option<String> {
    let name = username.trim();
    (!name.is_empty()).then(|| name.chars().take(ACCOUNT_KEY_CHARS).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(per_minute: u32) -> RateLimits {
        RateLimits::new(&RateLimitConfig {
            login_per_ip_per_minute: per_minute,
            login_per_account_per_minute: per_minute,
            captcha_per_ip_per_minute: per_minute,
        })
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn ipv4_addresses_are_keyed_as_they_are() {
        assert_eq!(address_key(ip("203.0.113.7")), ip("203.0.113.7"));
        assert_ne!(address_key(ip("203.0.113.7")), address_key(ip("203.0.113.8")));
        assert_eq!(address_key(ip("::ffff:203.0.113.7")), ip("203.0.113.7"), "mapped into IPv6");
    }

    #[test]
    fn ipv6_addresses_are_keyed_by_their_64_network() {
        assert_eq!(address_key(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(address_key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")), address_key(ip("2001:db8:1:2::5")));
        assert_ne!(address_key(ip("2001:db8:1:2::1")), address_key(ip("2001:db8:1:3::1")));
        assert_eq!(address_key(ip("::1")), ip("::"));
    }

    #[test]
    fn accounts_are_keyed_by_the_trimmed_name_with_its_case() {
        assert_eq!(account_key("  admin "), Some("admin".into()));
        assert_ne!(account_key("admin"), account_key("ADMIN"));
        assert_eq!(account_key("   "), None);
        assert_eq!(account_key(""), None);
        assert_eq!(account_key(&"x".repeat(10_000)).unwrap().len(), ACCOUNT_KEY_CHARS);
    }

    #[test]
    fn a_bucket_refuses_past_its_minute_and_says_when_to_retry() {
        let limits = limits(2);
        let client = ip("198.51.100.1");
        assert!(limits.check_address(Limit::SignIn, client).is_ok());
        assert!(limits.check_address(Limit::SignIn, client).is_ok());
        let refused = limits.check_address(Limit::SignIn, client).unwrap_err();
        assert!(refused.0 > Duration::ZERO && refused.0 <= Duration::from_secs(30), "{refused:?}");
        assert!((1..=30).contains(&refused.seconds()));
        // Another address, the captcha bucket and the accounts are untouched.
        assert!(limits.check_address(Limit::SignIn, ip("198.51.100.2")).is_ok());
        assert!(limits.check_address(Limit::Captcha, client).is_ok());
        assert!(limits.check_account("admin").is_ok());
    }

    #[test]
    fn a_v6_network_shares_one_bucket() {
        let limits = limits(1);
        assert!(limits.check_address(Limit::Captcha, ip("2001:db8::1")).is_ok());
        assert!(limits.check_address(Limit::Captcha, ip("2001:db8::2")).is_err());
        assert!(limits.check_address(Limit::Captcha, ip("2001:db8:0:1::1")).is_ok());
    }

    #[test]
    fn an_account_bucket_is_shared_by_every_address_but_not_by_other_names() {
        let limits = limits(1);
        assert!(limits.check_account("admin").is_ok());
        assert!(limits.check_account(" admin").is_err());
        assert!(limits.check_account("ADMIN").is_ok(), "another account");
        assert!(limits.check_account("").is_ok() && limits.check_account("").is_ok(), "no name, no bucket");
    }

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        assert_eq!(RetryAfter(Duration::from_millis(100)).seconds(), 1);
        assert_eq!(RetryAfter(Duration::from_millis(6000)).seconds(), 6);
        assert_eq!(RetryAfter(Duration::from_millis(6001)).seconds(), 7);
        assert_eq!(RetryAfter(Duration::ZERO).seconds(), 1);
    }
}
