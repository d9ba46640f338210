//! A project's located gateways held in memory, so that the map's clusters are counted
//! here rather than by PostgreSQL grouping every row of the viewport on every request.
//! A copy is kept per project with the version PostgreSQL's triggers give the project's
//! locations (`lighting.location_versions`): each request reads that one row, and a copy
//! whose version is no longer current is read again. What depends on live status
//! (markers show online or not) is still read from the table.
//!
//! The clusters are those the grid of [`Viewport::cell_degrees`] gives: the same cells,
//! counts, centres and order as `GROUP BY floor(longitude / side), floor(latitude / side)
//! ORDER BY count DESC, min(gateway_id)` (the map's test compares them with that query).

use std::sync::Arc;
use std::time::Duration;

use rustc_hash::FxHashMap;
use sqlx::PgPool;

use super::model::Viewport;
use super::store;

/// A located gateway, as the clusters need it.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub gateway_id: i64,
    pub name: Box<str>,
    pub longitude: f64,
    pub latitude: f64,
}

/// One grid cell's gateways.
#[derive(Debug, Clone, PartialEq)]
pub struct Cluster {
    pub count: i64,
    pub longitude: f64,
    pub latitude: f64,
}

/// The cells of a viewport: the fullest first (at most the limit asked), with how many
/// gateways and cells there are in all.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Clusters {
    pub cells: Vec<Cluster>,
    pub total: i64,
    pub cell_count: i64,
}

/// The located gateways of one project at one version.
#[derive(Debug)]
pub struct Located {
    pub version: i64,
    points: Vec<Point>,
}

impl Located {
    pub fn new(version: i64, mut points: Vec<Point>) -> Self {
        points.sort_by_key(|p| p.gateway_id);
        Self { version, points }
    }

    fn matching<'a>(&'a self, name: &'a str, viewport: &'a Viewport) -> impl Iterator<Item = &'a Point> + 'a {
        self.points.iter().filter(move |p| {
            (viewport.min_lng..=viewport.max_lng).contains(&p.longitude)
                && (viewport.min_lat..=viewport.max_lat).contains(&p.latitude)
                && p.name.contains(name)
        })
    }

    /// Whether more than `limit` gateways whose name contains `name` stand in the viewport:
    /// the map shows them as markers up to the limit. Stops at the first one past it.
    pub fn more_than(&self, name: &str, viewport: &Viewport, limit: i64) -> bool {
        usize::try_from(limit).map_or(true, |limit| self.matching(name, viewport).nth(limit).is_some())
    }

    /// The viewport's gateways whose name contains `name`, grouped by grid cell.
    pub fn clusters(&self, name: &str, viewport: &Viewport, limit: usize) -> Clusters {
        struct Cell {
            count: i64,
            sum_lng: f64,
            sum_lat: f64,
            first_id: i64,
        }
        let side = viewport.cell_degrees();
        // Keys are the caller's own coordinates, never a peer's input to attack the hash
        // with, so the fast hash (rustc-hash) serves: this map is built anew per request.
        let mut cells: FxHashMap<(i64, i64), Cell> = FxHashMap::default();
        // By id, so a cell's first gateway is the one it met first.
        for p in self.matching(name, viewport) {
            let key = ((p.longitude / side).floor() as i64, (p.latitude / side).floor() as i64);
            let cell =
                cells.entry(key).or_insert(Cell { count: 0, sum_lng: 0.0, sum_lat: 0.0, first_id: p.gateway_id });
            cell.count += 1;
            cell.sum_lng += p.longitude;
            cell.sum_lat += p.latitude;
        }
        let total = cells.values().map(|c| c.count).sum();
        let cell_count = cells.len() as i64;
        let mut ordered: Vec<Cell> = cells.into_values().collect();
        ordered.sort_by(|a, b| b.count.cmp(&a.count).then(a.first_id.cmp(&b.first_id)));
        ordered.truncate(limit);
        let cells = ordered
            .into_iter()
            .map(|c| Cluster {
                count: c.count,
                longitude: c.sum_lng / c.count as f64,
                latitude: c.sum_lat / c.count as f64,
            })
            .collect();
        Clusters { cells, total, cell_count }
    }
}

/// The copies, by project, bounded by how many gateways they hold.
pub struct LocatedCache {
    copies: moka::future::Cache<i64, Arc<Located>>,
}

/// At most this many gateways are held (about 100 bytes each).
const MAX_POINTS: u64 = 1_000_000;

impl LocatedCache {
    pub fn new() -> Self {
        let copies = moka::future::Cache::builder()
            .max_capacity(MAX_POINTS)
            .weigher(|_, located: &Arc<Located>| u32::try_from(located.points.len().max(1)).unwrap_or(u32::MAX))
            .time_to_idle(Duration::from_secs(600))
            .build();
        Self { copies }
    }

    /// The project's located gateways as they are now: the copy when its version is still
    /// current, else read again (the version first, so a copy is never newer than its
    /// version says and a change made meanwhile is read at the next request).
    pub async fn current(&self, pool: &PgPool, project_id: i64) -> sqlx::Result<Arc<Located>> {
        let version = store::location_version(pool, project_id).await?;
        if let Some(copy) = self.copies.get(&project_id).await
            && copy.version == version
        {
            return Ok(copy);
        }
        let points = store::located(pool, project_id).await?;
        let copy = Arc::new(Located::new(version, points));
        self.copies.insert(project_id, copy.clone()).await;
        Ok(copy)
    }
}

impl Default for LocatedCache {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(gateway_id: i64, name: &str, longitude: f64, latitude: f64) -> Point {
        Point { gateway_id, name: name.into(), longitude, latitude }
    }

    fn viewport(zoom: i32) -> Viewport {
        Viewport::parse(119.0, 29.0, 121.0, 31.0, zoom).unwrap()
    }

    #[test]
    fn groups_by_cell_fullest_first_then_by_first_gateway() {
        // Zoom 8: cells of 360 / 1024 degrees (about 0.35).
        let located = Located::new(
            3,
            vec![
                point(5, "东门", 120.01, 30.01),
                point(1, "西门", 120.5, 30.5),
                point(2, "东湖", 120.02, 30.02),
                point(9, "南门", 120.03, 30.03),
                point(4, "北门", 120.52, 30.52),
                point(7, "远处", 119.2, 29.2),
                point(8, "界外", 122.0, 30.0),
            ],
        );
        let all = located.clusters("", &viewport(8), 10);
        assert_eq!(all.total, 6);
        assert_eq!(all.cell_count, 3);
        let counts: Vec<i64> = all.cells.iter().map(|c| c.count).collect();
        assert_eq!(counts, [3, 2, 1]);
        assert!((all.cells[0].longitude - 120.02).abs() < 1e-9 && (all.cells[0].latitude - 30.02).abs() < 1e-9);
        assert!((all.cells[1].longitude - 120.51).abs() < 1e-9);
        let first = located.clusters("", &viewport(8), 1);
        assert_eq!((first.cells.len(), first.total, first.cell_count), (1, 6, 3));
        // Equal counts: the cell of the smaller first id goes first.
        let ties = Located::new(1, vec![point(6, "a", 120.5, 30.5), point(3, "b", 120.01, 30.01)]);
        let cells = ties.clusters("", &viewport(8), 10).cells;
        assert_eq!(cells[0].longitude, 120.01);
    }

    #[test]
    fn filters_by_name_and_viewport_edges() {
        let located = Located::new(
            1,
            vec![point(1, "东门", 119.0, 29.0), point(2, "东湖", 121.0, 31.0), point(3, "西门", 120.0, 30.0)],
        );
        assert!(located.more_than("", &viewport(8), 2));
        assert!(!located.more_than("", &viewport(8), 3), "exactly at the limit is not more");
        assert!(located.more_than("", &viewport(8), -1), "no limit below none");
        assert!(located.more_than("东", &viewport(8), 1) && !located.more_than("东", &viewport(8), 2));
        assert!(located.more_than("门", &viewport(8), 1) && !located.more_than("门", &viewport(8), 2));
        assert!(!located.more_than("北", &viewport(8), 0));
        assert_eq!(located.clusters("北", &viewport(8), 10), Clusters::default());
    }
}
