//! Energy statistics (issue 13, docs/energy.md): the roller folds stored samples into local
//! hours, days and months (across a DST change, a counter reset, a gap and an implausible
//! jump), the rollups outlive the samples' retention and can be rolled again while the
//! samples are held, the tariff prices the bands, the baseline measures the saving, and the
//! workbooks open in a spreadsheet library. Every scenario runs against `--target all` in one
//! process and against every service in a process of its own.

#[macro_use]
mod common;

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use chrono::{DateTime, Datelike, Days, Months, NaiveDate, Utc};
use common::{Call, Cluster, Console, Deployment, Options, eventually, metric, refused, refused_by_rule};
use serde_json::{Value, json};

const EN: &str = "en_US";
const ZH: &str = "zh_CN";

/// Rolled every second; the hours kept for a century, as the scenarios' dates are fixed.
fn rolled_every_second() -> Options {
    Options {
        extra_env: vec![
            ("LUMISCAPE_TELEMETRY__ENERGY_ROLL_SECONDS".into(), "1".into()),
            ("LUMISCAPE_TELEMETRY__ENERGY_HOUR_RETENTION_MONTHS".into(), "1200".into()),
        ],
        ..Options::default()
    }
}

async fn data(console: &Console<'_>, project: &str, call: Call<'_>) -> Value {
    let (status, body) = console.send(project, EN, call).await;
    assert_eq!((status, body["code"].as_i64()), (200, Some(200)), "{body}");
    body["data"].clone()
}

fn utc(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

/// A gateway of `project` that reports nothing, with `samples` of its loops stored as
/// telemetry (partitions made) and its latest reading standing for each loop.
async fn gateway_with_samples(c: &Cluster, project: i64, serial: &str, samples: &[(i16, &str, f64)]) -> i64 {
    let gateway_id: i64 = sqlx::query_scalar(
        "INSERT INTO lighting.gateways (project_id, gateway_name, serial, communication_type, loop_count, created_by) \
         VALUES ($1, $2, $2, '2', 2, 'test') RETURNING gateway_id",
    )
    .bind(project)
    .bind(serial)
    .fetch_one(&c.pool)
    .await
    .unwrap();
    add_samples(c, gateway_id, samples).await;
    gateway_id
}

/// Stores `samples` of a gateway's loops as telemetry, the latest standing for each loop.
async fn add_samples(c: &Cluster, gateway_id: i64, samples: &[(i16, &str, f64)]) {
    for (index, at, kwh) in samples {
        let at = utc(at);
        sqlx::query("SELECT lighting.ensure_sample_partition($1)")
            .bind(at.date_naive())
            .execute(&c.pool)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO lighting.loop_samples (gateway_id, loop_index, sample_time, seq, is_on, voltage_v, current_a, \
             active_power_w, energy_kwh) VALUES ($1, $2, $3, 1, true, 230, 4, 900, $4)",
        )
        .bind(gateway_id)
        .bind(index)
        .bind(at)
        .bind(kwh)
        .execute(&c.pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO lighting.loop_state (gateway_id, loop_index, is_on, voltage_v, current_a, active_power_w, \
             energy_kwh, sample_time) VALUES ($1, $2, true, 230, 4, 900, $3, $4) \
             ON CONFLICT (gateway_id, loop_index) DO UPDATE SET energy_kwh = EXCLUDED.energy_kwh, \
             sample_time = EXCLUDED.sample_time WHERE lighting.loop_state.sample_time < EXCLUDED.sample_time",
        )
        .bind(gateway_id)
        .bind(i32::from(*index))
        .bind(kwh)
        .bind(at)
        .execute(&c.pool)
        .await
        .unwrap();
    }
}

scenario!(energy_is_rolled_by_local_hours_across_dst_resets_gaps_and_retention, rolled_every_second());
async fn energy_is_rolled_by_local_hours_across_dst_resets_gaps_and_retention(c: &Cluster) {
    let began = Utc::now().timestamp() as f64;
    let console = Console::admin(c).await;
    // Project 2 moves to Berlin, where 29 March 2026 has 23 hours (02:00 is skipped).
    let site = json!({ "latitude": 52.52, "longitude": 13.405, "timeZone": "Europe/Berlin" });
    data(&console, "2", Call::put("/lighting/site").json(site)).await;
    let gateway = gateway_with_samples(
        c,
        2,
        "DST-1",
        &[
            (1, "2026-03-28T23:00:00Z", 100.0), // local midnight: the first reading counts nothing
            (1, "2026-03-29T00:00:00Z", 101.0), // +1 in 00:00
            (1, "2026-03-29T01:00:00Z", 102.0), // +1 in 01:00
            (1, "2026-03-29T02:00:00Z", 0.5),   // the meter restarted: +0.5 in 03:00, flagged
            (1, "2026-03-29T06:00:00Z", 4.5),   // four hours later: +1 in each of 04:00-07:00, a gap
            (1, "2026-03-29T06:15:00Z", 1000.0), // 995.5 kWh in 15 minutes: not counted, flagged
        ],
    )
    .await;
    let hours_query =
        format!("/lighting/energy/stats?granularity=hour&beginTime=2026-03-29&endTime=2026-03-29&gatewayId={gateway}");
    let rolled = eventually(30, || async {
        // All of it: the jump adds no energy, only its flag.
        let total = data(&console, "2", Call::get(&hours_query)).await["total"].clone();
        total["kwh"].as_f64() == Some(6.5) && total["flags"].as_u64() == Some(7)
    })
    .await;
    assert!(rolled, "{}", data(&console, "2", Call::get(&hours_query)).await);
    // The replica that rolled says when it last did, and no roll failed.
    let texts = c.metrics_running("lighting").await;
    let rolled_at = texts.iter().map(|t| metric(t, "lumiscape_energy_rolled_at_seconds")).fold(0.0, f64::max);
    assert!(rolled_at >= began, "last roll at {rolled_at}, the test began at {began}");
    assert_eq!(texts.iter().map(|t| metric(t, "lumiscape_energy_roll_failures_total")).sum::<f64>(), 0.0);
    let hours = data(&console, "2", Call::get(&hours_query)).await;
    assert_eq!(hours["timeZone"], "Europe/Berlin");
    let rows = hours["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 23, "the spring day has 23 local hours");
    assert!(rows.iter().all(|r| r["time"] != "2026-03-29 02:00"), "02:00 does not exist that night");
    let hour = |label: &str| rows.iter().find(|r| r["time"] == label).unwrap().clone();
    assert_eq!(
        (hour("2026-03-29 00:00")["kwh"].as_f64(), hour("2026-03-29 00:00")["flags"].as_u64()),
        (Some(1.0), Some(0))
    );
    assert_eq!(
        (hour("2026-03-29 03:00")["kwh"].as_f64(), hour("2026-03-29 03:00")["flags"].as_u64()),
        (Some(0.5), Some(1))
    );
    for label in ["2026-03-29 04:00", "2026-03-29 05:00", "2026-03-29 06:00"] {
        assert_eq!(hour(label)["kwh"].as_f64(), Some(1.0), "{label}");
    }
    assert_eq!(
        (hour("2026-03-29 07:00")["kwh"].as_f64(), hour("2026-03-29 07:00")["flags"].as_u64()),
        (Some(1.0), Some(2))
    );
    assert_eq!(
        (hour("2026-03-29 08:00")["kwh"].as_f64(), hour("2026-03-29 08:00")["flags"].as_u64()),
        (Some(0.0), Some(4))
    );
    assert_eq!(hours["total"]["flags"].as_u64(), Some(7));
    // A loop rolled minutes ago is rolled again from its latest reading alone: +1 in 08:00.
    add_samples(c, gateway, &[(1, "2026-03-29T06:20:00Z", 1001.0)]).await;
    let rolled = eventually(30, || async {
        data(&console, "2", Call::get(&hours_query)).await["total"]["kwh"].as_f64() == Some(7.5)
    })
    .await;
    assert!(rolled, "{}", data(&console, "2", Call::get(&hours_query)).await);
    let hours = data(&console, "2", Call::get(&hours_query)).await;
    let eight = hours["rows"].as_array().unwrap().iter().find(|r| r["time"] == "2026-03-29 08:00").unwrap().clone();
    assert_eq!((eight["kwh"].as_f64(), eight["flags"].as_u64()), (Some(1.0), Some(4)));

    // The same energy by day, month and year: one local day, never negative, never the jump.
    let day = data(
        &console,
        "2",
        Call::get(&format!(
            "/lighting/energy/stats?granularity=day&beginTime=2026-03-28&endTime=2026-03-30&gatewayId={gateway}"
        )),
    )
    .await;
    let kwh: Vec<f64> = day["rows"].as_array().unwrap().iter().map(|r| r["kwh"].as_f64().unwrap()).collect();
    assert_eq!(kwh, vec![0.0, 7.5, 0.0]);
    let year = data(
        &console,
        "2",
        Call::get(&format!(
            "/lighting/energy/stats?granularity=year&beginTime=2026-01-01&endTime=2026-12-31&gatewayId={gateway}"
        )),
    )
    .await;
    assert_eq!((year["rows"][0]["time"].as_str(), year["rows"][0]["kwh"].as_f64()), (Some("2026"), Some(7.5)));
    let month = data(
        &console,
        "2",
        Call::get(&format!("/lighting/energy/stats?granularity=month&beginTime=2026-03-01&endTime=2026-03-31&gatewayId={gateway}&loopIndex=1")),
    )
    .await;
    assert_eq!((month["rows"][0]["time"].as_str(), month["rows"][0]["kwh"].as_f64()), (Some("2026-03"), Some(7.5)));

    // The retention purge drops the samples' partitions; the rollups stay.
    let kept = Utc::now().date_naive().checked_sub_days(Days::new(90)).unwrap();
    sqlx::query("SELECT lighting.drop_sample_partitions_before($1)").bind(kept).execute(&c.pool).await.unwrap();
    let gone: i64 = sqlx::query_scalar("SELECT count(*) FROM lighting.loop_samples WHERE gateway_id = $1")
        .bind(gateway)
        .fetch_one(&c.pool)
        .await
        .unwrap();
    assert_eq!(gone, 0);
    assert_eq!(data(&console, "2", Call::get(&hours_query)).await["total"]["kwh"].as_f64(), Some(7.5));
    // A period no longer held cannot be rolled again; nothing changes.
    let first_held = kept.succ_opt().unwrap().format("%Y-%m-%d").to_string();
    let rebuild = json!({ "beginTime": "2026-03-29", "endTime": "2026-03-29" });
    let (status, body) = console.send("2", EN, Call::post("/lighting/energy/rebuild").json(rebuild.clone())).await;
    assert_eq!((status, body["code"].as_i64()), (200, Some(500)), "{body}");
    assert_eq!(body["msg"], format!("Raw readings before {first_held} are no longer kept and cannot be rolled again"));
    let (_, body) = console.send("2", ZH, Call::post("/lighting/energy/rebuild").json(rebuild)).await;
    assert_eq!(body["msg"], format!("{first_held}之前的原始数据已不再保留，无法重算"));
    assert_eq!(data(&console, "2", Call::get(&hours_query)).await["total"]["kwh"].as_f64(), Some(7.5));
}

fn sheet(bytes: &[u8]) -> Vec<Vec<Data>> {
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).expect("an xlsx");
    let range = workbook.worksheet_range_at(0).unwrap().unwrap();
    range.rows().map(<[Data]>::to_vec).collect()
}

async fn export(c: &Cluster, console: &Console<'_>, form: &str) -> Vec<Vec<Data>> {
    let response = c
        .api
        .client
        .post(c.api.url("/lighting/energy/export"))
        .bearer_auth(&console.token)
        .header("ProjectId", "1")
        .header("Content-Language", EN)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form.to_owned())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    sheet(&response.bytes().await.unwrap())
}

scenario!(the_demo_history_is_priced_ranked_exported_and_rolled_again, rolled_every_second());
async fn the_demo_history_is_priced_ranked_exported_and_rolled_again(c: &Cluster) {
    let console = Console::admin(c).await;
    let today = Utc::now().with_timezone(&chrono::FixedOffset::east_opt(8 * 3600).unwrap()).date_naive();
    let week_ago = today.checked_sub_days(Days::new(7)).unwrap();
    let (first, last) = (week_ago.format("%Y-%m-%d").to_string(), today.checked_sub_days(Days::new(1)).unwrap());
    let last = last.format("%Y-%m-%d").to_string();
    let days_query = format!("/lighting/energy/stats?granularity=day&beginTime={first}&endTime={last}");

    // The demo fleet has weeks of history, rolled by the roller from its samples.
    let rolled = eventually(60, || async {
        let stats = data(&console, "1", Call::get(&days_query)).await;
        stats["rows"]
            .as_array()
            .is_some_and(|rows| rows.len() == 7 && rows.iter().all(|r| r["kwh"].as_f64() > Some(1.0)))
    })
    .await;
    assert!(rolled, "{}", data(&console, "1", Call::get(&days_query)).await);
    let stats = data(&console, "1", Call::get(&days_query)).await;
    assert_eq!((stats["timeZone"].as_str(), stats["baseline"].as_str()), (Some("Asia/Shanghai"), Some("fullNight")));
    let setting = data(&console, "1", Call::get("/lighting/energy/setting")).await;
    assert_eq!(setting["hourBands"], "VVVVVVVVPPPFFPPFFFPPPFVV");
    let total = &stats["total"];
    let priced = total["peakKwh"].as_f64().unwrap() * 1.0612
        + total["flatKwh"].as_f64().unwrap() * 0.6393
        + total["valleyKwh"].as_f64().unwrap() * 0.2974;
    assert!((total["cost"].as_f64().unwrap() - priced).abs() < 0.05, "{total}");
    let bands =
        total["peakKwh"].as_f64().unwrap() + total["flatKwh"].as_f64().unwrap() + total["valleyKwh"].as_f64().unwrap();
    assert!((bands - total["kwh"].as_f64().unwrap()).abs() < 0.01, "{total}");
    // The demo plan dims after 23:00, so it uses less than full power all night.
    assert!(
        total["savingKwh"].as_f64().unwrap() > 0.0 && total["baselineKwh"].as_f64() > total["kwh"].as_f64(),
        "{total}"
    );

    // Rolling the held days again gives the same figures.
    let before = total["kwh"].as_f64().unwrap();
    let rebuilt = data(
        &console,
        "1",
        Call::post("/lighting/energy/rebuild").json(json!({ "beginTime": first, "endTime": last })),
    )
    .await;
    assert_eq!(rebuilt["days"].as_u64(), Some(7));
    let after = data(&console, "1", Call::get(&days_query)).await["total"]["kwh"].as_f64().unwrap();
    assert!((after - before).abs() < 0.01, "{before} then {after}");

    // A changed tariff prices the same energy; the baseline becomes last year's (none here).
    let bad = json!({ "peakPrice": 1.23456, "flatPrice": 0.5, "valleyPrice": 0.3, "hourBands": "F".repeat(24), "baseline": "fullNight" });
    refused(
        console.send("1", EN, Call::put("/lighting/energy/setting").json(bad)).await,
        400,
        "A price must be a number from 0 to 100 with at most 4 decimals",
    );
    let bad =
        json!({ "peakPrice": 1, "flatPrice": 0.5, "valleyPrice": 0.3, "hourBands": "FFX", "baseline": "fullNight" });
    let (_, body) = console.send("1", ZH, Call::put("/lighting/energy/setting").json(bad)).await;
    assert_eq!(body["msg"], "时段应为24个字母，每小时一个：P峰、F平、V谷");
    let flat = json!({ "peakPrice": 1, "flatPrice": 1, "valleyPrice": 1, "hourBands": "F".repeat(24), "baseline": "lastYear", "baselineNote": "=HYPERLINK(\"x\")" });
    let saved = data(&console, "1", Call::put("/lighting/energy/setting").json(flat)).await;
    assert_eq!((saved["baseline"].as_str(), saved["updateBy"].as_str()), (Some("lastYear"), Some("admin")));
    let repriced = data(&console, "1", Call::get(&days_query)).await;
    assert!((repriced["total"]["cost"].as_f64().unwrap() - before).abs() < 0.05, "{}", repriced["total"]);
    assert_eq!(repriced["total"]["baselineKwh"].as_f64(), Some(0.0));

    // The ranking: the loops that used the most, most first.
    let ranking =
        data(&console, "1", Call::get(&format!("/lighting/energy/ranking?beginTime={first}&endTime={last}&limit=5")))
            .await;
    let ranked = ranking.as_array().unwrap();
    assert_eq!(ranked.len(), 5);
    assert!(ranked.windows(2).all(|w| w[0]["kwh"].as_f64() >= w[1]["kwh"].as_f64()));
    assert!(ranked[0]["gatewayNumber"].as_str().unwrap().starts_with("SIM-"), "{ranking}");

    // The workbooks open in a spreadsheet library: numbers as numbers, the total last.
    let trend = export(c, &console, &format!("view=trend&granularity=day&beginTime={first}&endTime={last}")).await;
    assert_eq!(trend.len(), 9, "header, 7 days, total");
    assert_eq!(trend[0][0], Data::String("Time".into()));
    assert_eq!(trend[8][0], Data::String("Total".into()));
    let Data::Float(exported) = trend[8][1] else { panic!("{:?}", trend[8]) };
    assert!((exported - before).abs() < 0.01);
    let top = export(c, &console, &format!("view=ranking&beginTime={first}&endTime={last}&limit=3")).await;
    assert_eq!(top.len(), 4);
    assert_eq!(top[1][0], Data::Float(1.0));

    // The home page's and the big screen's figures.
    let summary = data(&console, "1", Call::get("/lighting/energy/summary")).await;
    assert_eq!(summary["days"].as_array().map(Vec::len), Some(7));
    assert!(summary["monthKwh"].as_f64() > Some(0.0), "{summary}");

    // Bad requests change nothing and say why, in the caller's language.
    let console = &console;
    let bad = |query: &'static str| async move { console.send("1", EN, Call::get(query)).await };
    refused(
        bad("/lighting/energy/stats?granularity=week&beginTime=2026-01-01&endTime=2026-01-02").await,
        400,
        "The granularity must be hour, day, month or year",
    );
    refused(
        bad("/lighting/energy/stats?granularity=hour&beginTime=2026-01-01&endTime=2026-03-01").await,
        400,
        "At most 31 days by the hour can be queried",
    );
    refused(
        bad("/lighting/energy/stats?granularity=day&beginTime=2026-02-01&endTime=2026-01-01").await,
        400,
        "The start date cannot be after the end date",
    );
    refused(
        bad("/lighting/energy/stats?granularity=day&beginTime=2026-13-01&endTime=2026-12-01").await,
        400,
        "Dates must be written YYYY-MM-DD",
    );
    refused(
        bad("/lighting/energy/stats?granularity=day&beginTime=2026-01-01&endTime=2026-01-02&loopIndex=1").await,
        400,
        "Choose the gateway before the loop",
    );
    refused(
        bad("/lighting/energy/ranking?beginTime=2026-01-01&endTime=2026-01-02&limit=51").await,
        400,
        "The ranking size must be 1 to 50",
    );
    // What is not a number is refused naming the field, before any service is asked.
    let day = "/lighting/energy/stats?granularity=day&beginTime=2026-01-01&endTime=2026-01-02";
    for (query, msg) in [
        (format!("{day}&gatewayId=east"), "Invalid gateway id"),
        (format!("{day}&gatewayId=1&loopIndex=two"), "No such loop: choose one of the gateway's loops"),
        (format!("{day}&groupId=g1"), "Invalid device group id"),
        (
            "/lighting/energy/ranking?beginTime=2026-01-01&endTime=2026-01-02&limit=ten".to_owned(),
            "The ranking size must be 1 to 50",
        ),
    ] {
        refused(console.send("1", EN, Call::get(&query)).await, 400, msg);
    }
    let (_, zh) = console.send("1", "zh_CN", Call::get(&format!("{day}&groupId=g1"))).await;
    assert_eq!(zh["msg"], "设备分组编号不正确");
    // A baseline note over 500 characters is refused, and the setting stays as it was.
    let (_, kept) = console.send("1", EN, Call::get("/lighting/energy/setting")).await;
    let mut long = kept["data"].clone();
    long["baselineNote"] = json!("n".repeat(501));
    let (status, answer) = console.send("1", EN, Call::put("/lighting/energy/setting").json(long)).await;
    assert_eq!((status, answer["code"].as_i64()), (400, Some(400)), "{answer}");
    let (_, after) = console.send("1", EN, Call::get("/lighting/energy/setting")).await;
    assert_eq!(after["data"], kept["data"]);
    let (_, future) = console
        .send(
            "1",
            EN,
            Call::post("/lighting/energy/rebuild").json(json!({ "beginTime": "2099-01-01", "endTime": "2099-01-02" })),
        )
        .await;
    assert_eq!(future["msg"], "Days in the future cannot be rolled again");

    // Another project's gateway is not this project's.
    let (_, other) = console.send("2", EN, Call::get("/lighting/gateway/list?gatewayNumber=SIM-00006")).await;
    let skyline = other["rows"][0]["gatewayId"].as_i64().unwrap();
    let query = format!("/lighting/energy/stats?granularity=day&beginTime={first}&endTime={last}&gatewayId={skyline}");
    refused(console.send("1", EN, Call::get(&query)).await, 404, "Gateway does not exist");
}

/// Whether the hours' partition of the UTC month starting `month` exists.
async fn hour_partition(c: &Cluster, month: NaiveDate) -> bool {
    let name = format!("lighting.energy_hours_{}", month.format("%Y%m"));
    sqlx::query_scalar("SELECT to_regclass($1) IS NOT NULL").bind(name).fetch_one(&c.pool).await.unwrap()
}

/// The hours are kept for `telemetry.energy_hour_retention_months` (4 here) in monthly
/// partitions: this month's and the next made ahead, a month the roller needs made as it
/// writes, an expired month dropped when lighting starts (and every hour after), its days and
/// months kept. Hourly figures before the first whole day held are refused in both
/// languages; by the day they are still there.
#[tokio::test]
async fn energy_hours_are_kept_by_the_month_for_their_retention() {
    let pieces = Deployment::Processes(&["identity,project,alarm,bridge,edge", "lighting"]);
    let mut options = rolled_every_second();
    let retention = "LUMISCAPE_TELEMETRY__ENERGY_HOUR_RETENTION_MONTHS";
    options.extra_env.retain(|(key, _)| key != retention);
    options.extra_env.push((retention.into(), "4".into()));
    let mut c = Cluster::start_with(pieces, options).await;
    let today = Utc::now().date_naive();
    let this_month = today.with_day(1).unwrap();
    let first_kept = this_month - Months::new(4);
    let first_held = first_kept.succ_opt().unwrap();
    assert!(hour_partition(&c, this_month).await && hour_partition(&c, this_month + Months::new(1)).await);

    // Samples of 60 days ago (still held): their month is not made ahead; the roller makes it.
    let day = today - Days::new(60);
    let month = day.with_day(1).unwrap();
    assert!(!hour_partition(&c, month).await, "{month} is not made ahead");
    let (at, later) = (format!("{day}T10:00:00Z"), format!("{day}T12:00:00Z"));
    let gateway = gateway_with_samples(&c, 2, "HR-1", &[(1, &at, 10.0), (1, &later, 12.0)]).await;
    let console = Console::admin(&c).await;
    let around = |granularity: &str, first: NaiveDate, last: NaiveDate| {
        format!("/lighting/energy/stats?granularity={granularity}&beginTime={first}&endTime={last}&gatewayId={gateway}")
    };
    let days_around = around("day", day - Days::new(1), day + Days::new(1));
    let rolled = eventually(30, || async {
        data(&console, "2", Call::get(&days_around)).await["total"]["kwh"].as_f64() == Some(2.0)
    })
    .await;
    assert!(rolled, "{}", data(&console, "2", Call::get(&days_around)).await);
    assert!(hour_partition(&c, month).await, "made by the roller");
    let hours = data(&console, "2", Call::get(&around("hour", day - Days::new(1), day + Days::new(1)))).await;
    assert_eq!(hours["total"]["kwh"].as_f64(), Some(2.0), "{hours}");

    // A month past the retention, rolled before (its hours, day and month as the roller
    // writes them), is dropped when lighting starts again; its day and month stay.
    let expired = first_kept - Months::new(1);
    let old_day = expired + Days::new(9);
    sqlx::query("SELECT lighting.ensure_month_partition('energy_hours', $1)")
        .bind(expired)
        .execute(&c.pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO lighting.energy_hours (gateway_id, loop_index, hour_at, project_id, band, kwh, max_power_w) \
         VALUES ($1, 1, $2, 2, 'F', 5, 900)",
    )
    .bind(gateway)
    .bind(old_day.and_hms_opt(12, 0, 0).unwrap().and_utc())
    .execute(&c.pool)
    .await
    .unwrap();
    for (table, key, at) in [("energy_days", "day", old_day), ("energy_months", "month", expired)] {
        sqlx::query(&format!(
            "INSERT INTO lighting.{table} (gateway_id, loop_index, {key}, project_id, kwh, peak_kwh, flat_kwh, \
             valley_kwh, max_power_w) VALUES ($1, 1, $2, 2, 5, 0, 5, 0, 900)"
        ))
        .bind(gateway)
        .bind(at)
        .execute(&c.pool)
        .await
        .unwrap();
    }
    c.restart("lighting").await;
    assert!(!hour_partition(&c, expired).await, "{expired} dropped");
    assert!(hour_partition(&c, month).await, "{month} kept");
    let console = Console::admin(&c).await;
    let by_day = data(&console, "2", Call::get(&around("day", old_day, old_day))).await;
    assert_eq!(by_day["total"]["kwh"].as_f64(), Some(5.0), "the day outlives its hours: {by_day}");
    let by_month = data(&console, "2", Call::get(&around("month", expired, old_day))).await;
    assert_eq!(by_month["total"]["kwh"].as_f64(), Some(5.0), "{by_month}");

    // By the hour: refused before the first whole day held, in both languages; from it, shown.
    let (old_hours, across) = (around("hour", old_day, old_day), around("hour", first_kept, first_held));
    refused_by_rule(
        console.send("2", EN, Call::get(&old_hours)).await,
        &format!("Hourly figures before {first_held} are no longer kept; view them by the day or month"),
    );
    refused_by_rule(
        console.send("2", ZH, Call::get(&across)).await,
        &format!("{first_held}之前的逐时能耗已不再保留，请按日或按月查看"),
    );
    data(&console, "2", Call::get(&around("hour", first_held, first_held))).await;

    // Measured against last year, an hourly view needs last year's hours too: refused while
    // they are not kept, naming the first day that has them.
    let setting = json!({ "peakPrice": 1, "flatPrice": 1, "valleyPrice": 1, "hourBands": "F".repeat(24), "baseline": "lastYear", "baselineNote": "The same hours last year" });
    data(&console, "2", Call::put("/lighting/energy/setting").json(setting)).await;
    let first = (first_held + Months::new(12)).to_string();
    let held_hours = around("hour", first_held, first_held);
    refused_by_rule(
        console.send("2", EN, Call::get(&held_hours)).await,
        &format!("Hourly figures before {first} have no last-year baseline kept; view them by the day or month"),
    );
    refused_by_rule(
        console.send("2", ZH, Call::get(&held_hours)).await,
        &format!("{first}之前的逐时能耗没有去年同期的基线，请按日或按月查看"),
    );
    let by_day = data(&console, "2", Call::get(&around("day", first_held, first_held))).await;
    assert_eq!(by_day["baseline"], "lastYear", "by the day, last year's days are kept");
}
