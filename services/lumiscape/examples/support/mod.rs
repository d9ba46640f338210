//! What the benchmark drivers share: their settings, the sign-in, the edge API in a project
//! of the bench's own, and a fleet of gateways registered through it with a credential each. (A folder without `main.rs`: a
//! module of the examples, not an example.)

use futures::StreamExt;
use serde_json::{Value, json};

/// A setting of the bench, from the environment.
pub fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

/// A numeric setting of the bench; the default when it is unset or not a number.
pub fn env_num(name: &str, default: u64) -> u64 {
    env(name, &default.to_string()).parse().unwrap_or(default)
}

/// Signs the demo's administrator in; answers the token.
pub async fn login(http: &reqwest::Client, base: &str) -> anyhow::Result<String> {
    let reply: Value = http
        .post(format!("{base}/prod-api/login"))
        .json(&json!({ "username": "admin", "password": "admin123" }))
        .send()
        .await?
        .json()
        .await?;
    reply["token"].as_str().map(str::to_owned).ok_or_else(|| anyhow::anyhow!("login failed: {reply}"))
}

/// The gateways a bench registers: `{prefix}00001` and on, named `{name}{n}`, in `project`.
pub struct Fleet<'a> {
    pub project: &'a str,
    pub prefix: &'a str,
    pub name: &'a str,
    pub gateways: usize,
    pub loops: usize,
    /// The gateways' type (their model); empty for none.
    pub gateway_type: &'a str,
}

/// Registers the fleet and writes each gateway's credential (handed out at registration) to
/// `<creds>/<serial>.creds`, so the simulated gateways connect as themselves. Answers the
/// gateways' ids in serial order.
pub async fn register_fleet(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    fleet: &Fleet<'_>,
    creds: &std::path::Path,
) -> anyhow::Result<Vec<i64>> {
    std::fs::create_dir_all(creds)?;
    let results: Vec<anyhow::Result<(usize, i64)>> = futures::stream::iter(1..=fleet.gateways)
        .map(|n| async move {
            let serial = format!("{}{n:05}", fleet.prefix);
            let body = json!({
                "gatewayName": format!("{}{n}", fleet.name),
                "gatewayNumber": serial,
                "communicationType": "1",
                "loopCount": fleet.loops,
                "gatewayType": fleet.gateway_type,
            });
            let reply: Value = http
                .post(format!("{base}/prod-api/lighting/gateway"))
                .bearer_auth(token)
                .header("ProjectId", fleet.project)
                .json(&body)
                .send()
                .await?
                .json()
                .await?;
            let file = reply["data"]["credential"]["creds"].as_str();
            let file = file.ok_or_else(|| anyhow::anyhow!("registering {serial} gave no credential: {reply}"))?;
            std::fs::write(creds.join(format!("{serial}.creds")), file)?;
            let id = reply["data"]["gatewayId"].as_i64();
            Ok((n, id.ok_or_else(|| anyhow::anyhow!("registering {serial} gave no id: {reply}"))?))
        })
        .buffer_unordered(8)
        .collect()
        .await;
    let refused: Vec<String> = results.iter().filter_map(|r| r.as_ref().err().map(|e| e.to_string())).collect();
    anyhow::ensure!(refused.is_empty(), "{} gateways not registered, the first: {}", refused.len(), refused[0]);
    let mut ids: Vec<(usize, i64)> = results.into_iter().filter_map(Result::ok).collect();
    ids.sort_unstable();
    eprintln!("registered {} gateways of {} loops with their credentials", fleet.gateways, fleet.loops);
    Ok(ids.into_iter().map(|(_, id)| id).collect())
}

/// Waits (two minutes at most) until lighting sees every one of the project's `gateways`
/// online. (The ingest driver does not wait for its fleet: each example compiles this module.)
#[allow(dead_code)]
pub async fn wait_online(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    project: &str,
    gateways: usize,
) -> anyhow::Result<()> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let reply: Value = http
            .get(format!("{base}/prod-api/lighting/gateway/list?onlineStatus=1&pageSize=1"))
            .bearer_auth(token)
            .header("ProjectId", project)
            .send()
            .await?
            .json()
            .await?;
        let online = reply["total"].as_u64().unwrap_or(0) as usize;
        if online >= gateways {
            eprintln!("{online} gateways online");
            return Ok(());
        }
        anyhow::ensure!(std::time::Instant::now() < deadline, "only {online} of {gateways} gateways came online");
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
}

/// The edge API as the console calls it, inside the bench's project. (The ingest driver does
/// not call it: each example compiles this module.)
#[allow(dead_code)]
pub struct Api {
    pub http: reqwest::Client,
    pub base: String,
    pub token: String,
    pub project: String,
}

#[allow(dead_code)]
impl Api {
    /// Signs in at `base` and makes the bench's own project, `name` numbered `number`.
    pub async fn in_new_project(base: String, name: &str, number: &str) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder().no_proxy().build()?;
        let token = login(&http, &base).await?;
        let mut api = Api { http, base, token, project: String::new() };
        let project = api
            .post(
                "/project/project",
                json!({
                    "projectName": name, "projectNumber": number, "cityCode": "3301", "address": "压测路",
                    "mapLevel": 11, "longitude": 120.25, "latitude": 30.25,
                    "modules": [{ "position": 1, "moduleCode": "gateway" }],
                }),
            )
            .await?;
        api.project = project["data"].to_string();
        Ok(api)
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}/prod-api{path}", self.base)
    }

    /// Sends `request` as the bench's user in its project; the envelope, refused unless its
    /// code is 200 (and said as it came when the answer is not one).
    pub async fn send(&self, request: reqwest::RequestBuilder, path: &str) -> anyhow::Result<Value> {
        let response = request.bearer_auth(&self.token).header("ProjectId", &self.project).send().await?;
        let status = response.status();
        let text = response.text().await?;
        let reply: Value = serde_json::from_str(&text).map_err(|err| {
            anyhow::anyhow!(
                "{path}: HTTP {status}, not an envelope ({err}): {:?}",
                text.chars().take(300).collect::<String>()
            )
        })?;
        anyhow::ensure!(reply["code"] == 200, "{path}: {reply}");
        Ok(reply)
    }

    pub async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> anyhow::Result<Value> {
        let mut request = self.http.request(method, self.url(path));
        if let Some(body) = body {
            request = request.json(&body);
        }
        self.send(request, path).await
    }

    pub async fn get(&self, path: &str) -> anyhow::Result<Value> {
        self.call(reqwest::Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> anyhow::Result<Value> {
        self.call(reqwest::Method::POST, path, Some(body)).await
    }
}
