//! Calendar dates from Unix time, in UTC, for file names and messages.

/// The UTC date and time of `unix_seconds`: `(year, month, day, hour,
/// minute, second)`, months and days counted from 1.
pub(crate) fn utc_date_time(unix_seconds: u64) -> (u64, u64, u64, u64, u64, u64) {
    let (year, month, day) = civil_date(unix_seconds / 86_400);
    let in_day = unix_seconds % 86_400;
    (
        year,
        month,
        day,
        in_day / 3600,
        in_day / 60 % 60,
        in_day % 60,
    )
}

/// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times_are_utc_calendar_ones() {
        assert_eq!(utc_date_time(0), (1970, 1, 1, 0, 0, 0));
        // 2026-11-25 19:05:09 UTC.
        assert_eq!(utc_date_time(1_795_633_509), (2026, 11, 25, 19, 5, 9));
        // A leap day, and the last second of a year.
        assert_eq!(utc_date_time(951_782_400), (2000, 2, 29, 0, 0, 0));
        assert_eq!(utc_date_time(1_704_067_199), (2023, 12, 31, 23, 59, 59));
    }
}
