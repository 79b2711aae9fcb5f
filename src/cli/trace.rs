//! `fogcrawl trace`: its flags, and the command that draws one A* search
//! (or two side by side) and says what it wrote. The drawing is
//! `search_picture`'s.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::output::{print_err, print_out};
use crate::search_picture::search_settings::SettingKey;
use crate::search_picture::{TraceRequest, run_trace};

/// `fogcrawl trace`'s flags besides the level.
#[derive(Debug, Clone, clap::Args)]
pub struct TraceArgs {
    /// Where the search starts: column,row, from 0,0 at the top-left. Must be a
    /// walkable cell.
    #[arg(long, value_name = "X,Y")]
    pub from: String,
    /// Where it goes: column,row. Must be a walkable cell.
    #[arg(long, value_name = "X,Y")]
    pub to: String,
    /// The A* heuristic: octile (the default), manhattan, euclidean, chebyshev,
    /// or zero (also called dijkstra: A* becomes Dijkstra's algorithm).
    #[arg(long, value_name = "H")]
    pub heuristic: Option<String>,
    /// Heuristic weight, 1 to 10: 1 (the default) is optimal A*; above 1 is
    /// weighted A*, fewer expansions for a path at most W times the cheapest.
    #[arg(long, value_name = "W")]
    pub weight: Option<String>,
    /// Which of several cells with equal f is expanded first: larger-g (the
    /// default), smaller-g or none.
    #[arg(long = "tie-break", value_name = "T")]
    pub tie_break: Option<String>,
    /// Plan through fog, as a monster faction does: the planner knows only the
    /// cells visible from --from within --sight (walls and closed doors block
    /// sight) and the goal cell; every unseen cell costs as floor (open), is a
    /// wall (blocked), or costs COST (more than 0, at most 1000). Unseen cells
    /// are drawn under a blue-grey fog. Without --unknown (or with `off`), the
    /// search plans on the whole level.
    #[arg(long, value_name = "open|blocked|COST")]
    pub unknown: Option<String>,
    /// How far the fog planner sees from --from, in cells: 1 to 40 (default 8,
    /// as in the monster config). Only with --unknown.
    #[arg(long, value_name = "R")]
    pub sight: Option<String>,
    /// Which search to picture: astar (the default: every cell it closed, its
    /// frontier, its raw and smoothed paths) or hierarchy (two-tier planning:
    /// the cluster borders, the entrances between clusters, and the coarse path
    /// drawn over the refined one; it runs its own octile searches, so
    /// --heuristic, --weight and --tie-break are refused, and --animate too).
    #[arg(long, value_name = "astar|hierarchy")]
    pub engine: Option<String>,
    /// The hierarchy's cluster side in cells: 4 to 64 (default 16). Only with
    /// --engine hierarchy.
    #[arg(long, value_name = "N")]
    pub cluster: Option<String>,
    /// Draw a second search beside the first, with these settings changed:
    /// KEY=VALUE entries separated by commas, keys heuristic, weight,
    /// tie-break, unknown (also `off`), sight, engine and cluster; e.g.
    /// `heuristic=manhattan,weight=2` or `engine=hierarchy,cluster=8`.
    #[arg(long, value_name = "SETTINGS")]
    pub compare: Option<String>,
    /// The picture to write: FILE.svg (text) or FILE.png (pixels).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub out: PathBuf,
    /// Step through the search frame by frame: an animated PNG (APNG, which
    /// browsers play; --out must end in .png), at most 40 frames (each adds
    /// the same number of expansions), then the whole search with its paths.
    #[arg(long)]
    pub animate: bool,
    /// Seed for generated levels (overrides the file's `seed`).
    #[arg(long)]
    pub seed: Option<u64>,
}

impl TraceArgs {
    /// The search settings the flags give, flag by flag.
    fn setting_flags(&self) -> Vec<(SettingKey, &str)> {
        [
            (SettingKey::Heuristic, &self.heuristic),
            (SettingKey::Weight, &self.weight),
            (SettingKey::TieBreak, &self.tie_break),
            (SettingKey::Unknown, &self.unknown),
            (SettingKey::Sight, &self.sight),
            (SettingKey::Engine, &self.engine),
            (SettingKey::Cluster, &self.cluster),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.as_deref().map(|value| (key, value)))
        .collect()
    }

    /// The request the library draws from.
    fn request(&self) -> TraceRequest<'_> {
        TraceRequest {
            from: &self.from,
            to: &self.to,
            settings: self.setting_flags(),
            compare: self.compare.as_deref(),
            out: &self.out,
            animate: self.animate,
            seed: self.seed,
        }
    }
}

/// Draws the search `picture` describes on the level `level` names.
pub fn run(level: &str, picture: &TraceArgs) -> ExitCode {
    match run_trace(level, &picture.request()) {
        Ok(report) => {
            if let Some(note) = &report.seed_note {
                print_err(note);
            }
            print_out(&format!("{report}\n"))
        }
        Err(err) => {
            print_err(&format!("fogcrawl trace: {err}"));
            ExitCode::FAILURE
        }
    }
}

/// `fogcrawl trace --help`'s examples.
pub(crate) const TRACE_EXAMPLES: &str = "\
Examples:
  fogcrawl trace --level swamp --from 4,7 --to 45,7 --out swamp.png
  fogcrawl trace --level maze --from 1,1 --to 59,29 --unknown open \\
      --compare unknown=off --out maze.png
  fogcrawl trace --level river --from 6,12 --to 49,18 --unknown open \\
      --compare unknown=3 --out river.svg
  fogcrawl trace --map arena.map --from 4,32 --to 47,19 \\
      --compare heuristic=dijkstra --out arena.svg
  fogcrawl trace --level swamp --from 4,7 --to 45,7 --animate --out swamp-search.png
  fogcrawl trace --map arena.map --from 4,32 --to 47,19 \\
      --compare engine=hierarchy,cluster=8 --out arena-two-tiers.svg";
