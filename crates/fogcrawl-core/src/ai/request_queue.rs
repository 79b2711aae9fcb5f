//! The plan requests waiting for a search space, in the order they were
//! asked, with each asker's priority at hand.
//!
//! A member whose search waits asks about it every one of its turns; on a
//! busy faction hundreds wait, so the answer is a look-up by actor, not a
//! scan of the queue.

use serde::{Deserialize, Serialize};

use gridpath::Pos;

/// Lower runs first: a member with no plan, then by distance to its goal.
pub(crate) type Priority = u32;

/// A monster asks for a path.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct PlanRequest {
    pub actor: usize,
    pub from: Pos,
    pub goal: Pos,
    pub priority: Priority,
    /// Whether it still has a plan to follow meanwhile.
    pub has_plan: bool,
    /// Cells priced differently for this search alone (its own crowding).
    pub overrides: Vec<(Pos, f64)>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct RequestQueue {
    /// The waiting requests, oldest first, with the turn each was asked on.
    entries: Vec<(PlanRequest, u64)>,
    /// By actor: the priority of its waiting request, if it has one.
    priority_of: Vec<Option<Priority>>,
}

impl RequestQueue {
    /// Adds `request` (asked on `turn`) at the back. The asker must not have
    /// one waiting already (see [`RequestQueue::remove`]).
    pub(super) fn push(&mut self, request: PlanRequest, turn: u64) {
        let actor = request.actor;
        if self.priority_of.len() <= actor {
            self.priority_of.resize(actor + 1, None);
        }
        self.priority_of[actor] = Some(request.priority);
        self.entries.push((request, turn));
    }

    /// How many requests wait.
    pub(super) fn waiting(&self) -> usize {
        self.entries.len()
    }

    /// The priority of `actor`'s waiting request, if it has one.
    pub(super) fn priority(&self, actor: usize) -> Option<Priority> {
        self.priority_of.get(actor).copied().flatten()
    }

    pub(super) fn contains(&self, actor: usize) -> bool {
        self.priority(actor).is_some()
    }

    /// Takes `actor`'s request out, keeping the others in order.
    pub(super) fn remove(&mut self, actor: usize) -> Option<(PlanRequest, u64)> {
        self.priority(actor)?;
        self.priority_of[actor] = None;
        let index = self.entries.iter().position(|(r, _)| r.actor == actor)?;
        Some(self.entries.remove(index))
    }

    /// Takes out, in order, the requests asked on a turn `expired` says is
    /// too long ago.
    pub(super) fn remove_expired(&mut self, expired: impl Fn(u64) -> bool) -> Vec<PlanRequest> {
        if !self.entries.iter().any(|&(_, turn)| expired(turn)) {
            return Vec::new();
        }
        let (old, waiting): (Vec<_>, Vec<_>) =
            self.entries.drain(..).partition(|&(_, turn)| expired(turn));
        self.entries = waiting;
        old.into_iter()
            .map(|(request, _)| {
                self.priority_of[request.actor] = None;
                request
            })
            .collect()
    }

    /// Orders the requests most urgent first (ties: the lower actor).
    pub(super) fn sort_by_urgency(&mut self) {
        self.entries.sort_by_key(|(r, _)| (r.priority, r.actor));
    }

    /// The asker at the front.
    pub(super) fn first_actor(&self) -> Option<usize> {
        self.entries.first().map(|(r, _)| r.actor)
    }

    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.priority_of.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpath::Pos;

    fn request(actor: usize, priority: Priority) -> PlanRequest {
        PlanRequest {
            actor,
            from: Pos::new(0, 0),
            goal: Pos::new(1, 1),
            priority,
            has_plan: false,
            overrides: Vec::new(),
        }
    }

    #[test]
    fn look_ups_by_actor_follow_pushes_and_removals() {
        let mut queue = RequestQueue::default();
        queue.push(request(7, 30), 1);
        queue.push(request(2, 10), 1);
        queue.push(request(5, 10), 2);
        assert_eq!(queue.priority(2), Some(10));
        assert!(!queue.contains(3));
        assert!(!queue.contains(700), "beyond any actor seen");
        let (removed, turn) = queue.remove(7).expect("queued");
        assert_eq!((removed.actor, turn), (7, 1));
        assert!(!queue.contains(7));
        assert!(queue.remove(7).is_none());
        queue.sort_by_urgency();
        assert_eq!(queue.first_actor(), Some(2));
    }

    #[test]
    fn expired_requests_leave_in_the_order_they_were_asked() {
        let mut queue = RequestQueue::default();
        queue.push(request(4, 1), 1);
        queue.push(request(1, 1), 5);
        queue.push(request(3, 1), 2);
        let old: Vec<usize> = queue
            .remove_expired(|turn| turn < 3)
            .iter()
            .map(|r| r.actor)
            .collect();
        assert_eq!(old, vec![4, 3]);
        assert!(!queue.contains(4) && !queue.contains(3));
        assert_eq!(queue.first_actor(), Some(1));
        queue.clear();
        assert!(!queue.contains(1));
        assert_eq!(queue.first_actor(), None);
    }
}
