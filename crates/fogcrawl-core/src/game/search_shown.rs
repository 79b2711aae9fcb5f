//! What a traced search the overlay draws is, so it can say so: the
//! search a monster waits on, its last one, or a preview of what it would
//! search now. Read from the planner by
//! [`Game::traced_search_shown`](crate::game::Game::traced_search_shown).

/// What the drawn search is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchShown {
    /// The search the monster waits on, as far as it has got: `expanded`
    /// nodes of at most `limit` before it is given up.
    Waiting { expanded: u64, limit: u64 },
    /// Its last search, finished on player turn `turn`.
    Finished { turn: u64 },
    /// Its last search, left unfinished on player turn `turn` (given up,
    /// or dropped for another goal).
    Unfinished { turn: u64 },
    /// What it would search now (run for the overlay; its real request is
    /// priced the same way).
    Preview,
}

impl SearchShown {
    /// The label the overlay draws above the search.
    pub fn label(self) -> String {
        match self {
            SearchShown::Waiting { expanded, limit } => {
                format!("its search (waiting: {expanded} of {limit} nodes)")
            }
            SearchShown::Finished { turn } => format!("its last search (turn {turn})"),
            SearchShown::Unfinished { turn } => {
                format!("its last search (turn {turn}, unfinished)")
            }
            SearchShown::Preview => "preview: what it would search now".to_owned(),
        }
    }
}
