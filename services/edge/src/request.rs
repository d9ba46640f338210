//! What the guard learnt about a request, handed to its handler: the context forwarded to
//! the services (token, project, language, client) and the verified caller.

use std::net::IpAddr;

use axum::http::HeaderMap;
use lumiscape_common::Lang;
use lumiscape_common::auth::Caller;
use lumiscape_common::grpc::RequestContext;

/// The header naming the request's language (`zh_CN` or `en_US`).
pub const LANGUAGE_HEADER: &str = "content-language";
/// The header a proxy appends the address it saw to (`client, proxy1, proxy2`).
pub const FORWARDED_FOR: &str = "x-forwarded-for";
/// The header naming the selected project.
pub const PROJECT_HEADER: &str = "projectid";

#[derive(Clone)]
pub struct RequestInfo {
    pub ctx: RequestContext,
    pub caller: Option<Caller>,
}

impl RequestInfo {
    pub fn lang(&self) -> Lang {
        self.ctx.lang
    }
}

/// The language a request asks for; Chinese unless it names English.
pub fn lang_of(headers: &HeaderMap) -> Lang {
    Lang::from_header(headers.get(LANGUAGE_HEADER).and_then(|v| v.to_str().ok()))
}

/// The request body limit in force, for the envelope's message.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);

/// The client's address: the connection's peer, unless the peer is a trusted proxy
/// (`http.trusted_proxies`). Then it is the nearest address of `X-Forwarded-For` that is
/// not itself a trusted proxy, read from the right, because anything left of what our own
/// proxies appended was written by the client and proves nothing. A hop that is not an
/// address ends the search at the last trusted one. No trusted proxies, no header read.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let lines: Vec<&str> = headers.get_all(FORWARDED_FOR).iter().map(|v| v.to_str().unwrap_or("-")).collect();
    let mut client = peer;
    for hop in lines.iter().rev().flat_map(|line| line.rsplit(',')) {
        let Ok(ip) = hop.trim().parse::<IpAddr>() else { return client };
        client = ip;
        if !trusted.contains(&ip) {
            return ip;
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(lines: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append("x-forwarded-for", line.parse().unwrap());
        }
        headers
    }

    #[test]
    fn without_trusted_proxies_the_header_is_never_read() {
        let headers = forwarded(&["203.0.113.9"]);
        assert_eq!(client_address(ip("10.0.0.1"), &headers, &[]), ip("10.0.0.1"));
        assert_eq!(client_address(ip("10.0.0.1"), &headers, &[ip("10.0.0.2")]), ip("10.0.0.1"), "not that proxy");
    }

    #[test]
    fn a_trusted_proxy_names_the_client_from_the_right() {
        let proxies = [ip("10.0.0.1"), ip("10.0.0.2")];
        // The client wrote 1.1.1.1 itself; our proxies appended what they saw.
        let headers = forwarded(&["1.1.1.1, 203.0.113.9, 10.0.0.2"]);
        assert_eq!(client_address(ip("10.0.0.1"), &headers, &proxies), ip("203.0.113.9"));
        let split = forwarded(&["1.1.1.1", "203.0.113.9", "10.0.0.2"]);
        assert_eq!(client_address(ip("10.0.0.1"), &split, &proxies), ip("203.0.113.9"), "one hop a line");
        let v6 = forwarded(&["2001:db8::7"]);
        assert_eq!(client_address(ip("10.0.0.1"), &v6, &proxies), ip("2001:db8::7"));
    }

    #[test]
    fn an_unreadable_or_missing_chain_stays_with_the_proxies() {
        let proxies = [ip("10.0.0.1"), ip("10.0.0.2")];
        assert_eq!(client_address(ip("10.0.0.1"), &HeaderMap::new(), &proxies), ip("10.0.0.1"));
        let garbage = forwarded(&["203.0.113.9, unknown, 10.0.0.2"]);
        assert_eq!(client_address(ip("10.0.0.1"), &garbage, &proxies), ip("10.0.0.2"));
        let only_proxies = forwarded(&["10.0.0.2"]);
        assert_eq!(client_address(ip("10.0.0.1"), &only_proxies, &proxies), ip("10.0.0.2"));
    }
}
