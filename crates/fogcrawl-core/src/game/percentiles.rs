//! The 50th and 99th percentiles and the largest of some samples (nearest
//! rank): the sim's AI time and turn lengths, the pack counters' detours.
//! Its own file because both read it (the sim also reads the counters).

use serde::Serialize;

/// The 50th and 99th percentiles (nearest rank) and the largest of some
/// samples.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Percentiles<T> {
    pub p50: T,
    pub p99: T,
    pub max: T,
}

/// The 50th and 99th percentiles (nearest rank) and the largest sample.
pub fn percentiles<T: Copy + Default + PartialOrd>(samples: &[T]) -> Percentiles<T> {
    if samples.is_empty() {
        return Percentiles::default();
    }
    let mut sorted = samples.to_vec();
    sorted.sort_unstable_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let rank =
        |p: f64| sorted[((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1];
    Percentiles {
        p50: rank(0.50),
        p99: rank(0.99),
        max: sorted[sorted.len() - 1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_nearest_rank() {
        let samples: Vec<u32> = (1..=100).collect();
        assert_eq!(
            percentiles(&samples),
            Percentiles {
                p50: 50,
                p99: 99,
                max: 100
            }
        );
        assert_eq!(percentiles(&[7]).p99, 7);
        assert_eq!(percentiles::<u32>(&[]), Percentiles::default());
        assert_eq!(percentiles(&[3.0, 1.0, 4.24]).p50, 3.0);
    }
}
